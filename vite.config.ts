import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import {
  DONE_WITH_APP_PATHS,
  OVERVIEW_PATHS,
  SHOP_BACK_PATHS,
  TERMS_PATHS,
} from './src/i18n/localePaths';
import { brotliBest } from './scripts/build/brotli';
import type { InputType } from 'node:zlib';

/**
 * Modules of the route-words chunk, and the chooser's small modules that lazy screens share (and
 * react-dom's own index, 1.3 kB brotli, which the page and React's DOM renderer both import).
 */
const CHOOSER_SHARED =
  /node_modules\/mobx\/|node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)|src\/i18n\/(localePaths|routeWords)\.ts|src\/ui\/screens\/ScreenControls\.tsx|src\/stores\/navigation\/navigationStates\.ts/;

const require = createRequire(import.meta.url);
const apiPort = Number(process.env.API_PORT ?? 8081);

// The API, the shop pages and the catalog are served by the Node server; in dev Vite proxies them.
const shopPages = [OVERVIEW_PATHS, DONE_WITH_APP_PATHS, SHOP_BACK_PATHS, TERMS_PATHS].flatMap(
  (table) => Object.values(table),
);
const proxied = ['/api', '/catalog', '/cart', ...new Set(shopPages)];

/**
 * Files worth compressing: text, script, styles, data, SVG and wasm (fonts and photos are
 * compressed already). Source maps are left to the server's on-the-fly compression: only
 * developers fetch them, and brotli on them doubled the build time.
 */
const PRECOMPRESSED = /\.(html|js|mjs|css|json|svg|wasm|xml|txt|webmanifest)$/;

/**
 * The page's own styles (about 3 kB: the chooser's and the dialogs' base) inlined into index.html
 * instead of a render-blocking request before the chooser can paint (issue 13, Lighthouse's
 * render-blocking audit). The server's CSP allows exactly these <style> blocks by their hash
 * (server/plugins/securityHeaders.ts). The lazy screens keep their own CSS files.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'fotocollage:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (link, file: string) => {
            const css = bundle?.[file];
            if (css?.type !== 'asset') return link;
            // A shared chunk's styles (ScreenControls') are also in a lazy screen's preload list:
            // that file must stay. Only a file that no chunk but the entry imports is dropped, so
            // that the service worker does not fetch it a second time.
            const named = Object.values(bundle!).some(
              (output) =>
                output.type === 'chunk' &&
                !output.isEntry &&
                output.viteMetadata?.importedCss.has(file),
            );
            if (!named) delete bundle![file];
            return `<style>${String(css.source).trim()}</style>`;
          },
        ),
    },
  };
}

type Bundle = IndexHtmlTransformContext['bundle'];

/** The file of the bundle's chunk made for the module whose path ends in `path`. */
function chunkOf(bundle: Bundle, path: string): string | undefined {
  const chunk = Object.values(bundle ?? {}).find(
    (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(path),
  );
  return chunk?.fileName;
}

/** index.html's tag that fetches a module with the page's script. */
const modulePreload = (file: string) => ({
  tag: 'link',
  attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
  injectTo: 'head' as const,
});

/**
 * The texts of the locale the shop is deployed in (VITE_LOCALE, Dutch by default) are fetched with
 * the page's script instead of after it has run (src/i18n/i18n.ts imports them): one round trip less
 * before the chooser can paint. A customer in another language still fetches only their own.
 */
function preloadDeployedLocale(locale = process.env.VITE_LOCALE || 'nl'): Plugin {
  return {
    name: 'fotocollage:preload-deployed-locale',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const file = chunkOf(bundle, `/src/i18n/locales/${locale}.json`);
        // The themes list in the deployed locale: the URL the catalog loader asks for (themesUrl).
        const page = html.replace(
          'href="/catalog/themes.xml"',
          `href="/catalog/themes.xml?lang=${locale}"`,
        );
        return file ? { html: page, tags: [modulePreload(file)] } : page;
      },
    },
  };
}

/**
 * React's DOM renderer, which the page imports apart so that its evaluation is a task of its own
 * (src/main.tsx), fetched with the page's script all the same: without the preload its request
 * would start only once the page's script ran, a round trip later.
 */
function preloadReactDom(): Plugin {
  return {
    name: 'fotocollage:preload-react-dom',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const file = chunkOf(bundle, '/node_modules/react-dom/client.js');
        if (!file) throw new Error('the build has no chunk of its own for react-dom/client');
        return { html, tags: [modulePreload(file)] };
      },
    },
  };
}

/**
 * CanvasKit's loader (canvaskit-wasm/bin/canvaskit.js, 33 kB brotli) as one file that the page and
 * the screenshot worker both load, where each bundle had a copy of its own (issue 27: 36 kB of
 * brotli twice in a first visit, and twice in the service worker's precache). In the page's and
 * the worker's builds `import('canvaskit-wasm')` resolves to a small module that imports the file
 * by its hashed URL when CanvasKit is first asked for. The file is the package's own with an ES
 * export added: in a module its UMD tail finds neither `module` nor `define` and exports nothing.
 * Node (the print, the tests) imports the package as it is.
 */
function sharedCanvasKitLoader(): Plugin {
  const LOADER = '\0fotocollage:canvaskit-loader';
  return {
    name: 'fotocollage:shared-canvaskit-loader',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'canvaskit-wasm' ? LOADER : null),
    load(id) {
      if (id !== LOADER) return null;
      const glue = readFileSync(require.resolve('canvaskit-wasm/bin/canvaskit.js'), 'utf8');
      const file = this.emitFile({
        type: 'asset',
        name: 'canvaskit-loader.js',
        source: `${glue}\nexport default CanvasKitInit;\n`,
      });
      return [
        `const url = import.meta.ROLLUP_FILE_URL_${file};`,
        'export default function CanvasKitInit(options) {',
        '  return import(/* @vite-ignore */ url).then((loader) => loader.default(options));',
        '}',
        '/** Fetches and runs the loader only (src/render/browserRenderer.ts preloadCanvasKitLoader). */',
        'export function preload() {',
        '  return import(/* @vite-ignore */ url);',
        '}',
      ].join('\n');
    },
  };
}

/** The chooser's server renderer, next to the build and never served (a dot folder: servedFiles.ts). */
const CHOOSER_RENDERER_DIR = '.ssr';

/**
 * The chooser's server rendering (src/ssr/renderChooser.tsx, issue 27 item 1) built for Node into
 * the build's `.ssr/` folder once the page's build is written: the server loads it from beside the
 * index.html it serves (server/catalog/chooserPage.ts), so the two always come from one build. The
 * later screens are swapped for empty ones (src/ssr/lazyScreensOnServer.tsx): the server draws the
 * chooser only, and the editor's chunks (CanvasKit's loader, workers, fonts) stay out of Node.
 */
function buildChooserRenderer(): Plugin {
  let outDir = '';
  return {
    name: 'fotocollage:chooser-renderer',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const lazyScreens = path.resolve('src/ssr/lazyScreensOnServer.tsx');
      await build({
        configFile: false,
        logLevel: 'warn',
        plugins: [
          react(),
          {
            name: 'fotocollage:server-lazy-screens',
            enforce: 'pre',
            resolveId: (source) => (/\/routing\/lazyScreens$/.test(source) ? lazyScreens : null),
          },
        ],
        build: {
          ssr: 'src/ssr/renderChooser.tsx',
          outDir: path.join(outDir, CHOOSER_RENDERER_DIR),
          emptyOutDir: true,
          sourcemap: false,
          rollupOptions: { output: { entryFileNames: 'renderChooser.js' } },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    sharedCanvasKitLoader(),
    inlineEntryCss(),
    preloadDeployedLocale(),
    preloadReactDom(),
    buildChooserRenderer(),
    // The service worker (workers/serviceWorker.ts) with the build's file list injected: the shell,
    // every chunk, CanvasKit's wasm, the photo codec and the fonts. Registered by the page itself
    // once CanvasKit has loaded (workers/registerServiceWorker.ts), so it never competes with the
    // first visit's own downloads.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'serviceWorker.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,wasm,woff2,svg}'],
        globIgnores: ['**/*.map', 'serviceWorker.js', `${CHOOSER_RENDERER_DIR}/**`],
        // CanvasKit's wasm is 7.3 MB (2.6 MB on the wire).
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        // Vite puts only content-hashed files under assets/: their name is their version.
        dontCacheBustURLsMatching: /^assets\//,
        rollupFormat: 'iife',
        sourcemap: false,
      },
    }),
    // Brotli and gzip copies next to every text, script and wasm file over 1 kB, made once here and
    // sent by the server as they are (@fastify/static preCompressed): issue 13's slow phones.
    compression({
      include: PRECOMPRESSED,
      threshold: 1024,
      // (the plugin passes its own options as a second argument: brotliBest takes none of them)
      algorithms: [defineAlgorithm((input: InputType) => brotliBest(input))],
      filename: '[path][base].br',
      logLevel: 'silent',
    }),
    compression({
      include: PRECOMPRESSED,
      threshold: 1024,
      algorithms: ['gzip'],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // The manifest tells the server the hashed names of the shop pages' cipher module and of the
    // drawn chooser's first script (server/catalog/chooserPage.ts).
    manifest: true,
    rollupOptions: {
      input: {
        index: 'index.html',
        shopCipher: 'src/shop/passwordCipherEntry.ts',
        chooserStart: 'src/chooserStart.ts',
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        // The chooser's small modules that lazy screens share too (ScreenControls, the navigation
        // states) would each be a chunk of their own: one request each, 0.6 kB of headers for
        // under 1 kB of script. They travel with the route words, which every screen loads.
        codeSplitting: {
          groups: [{ name: 'routeWords', test: CHOOSER_SHARED }],
        },
      },
    },
  },
  worker: { format: 'es', plugins: () => [sharedCanvasKitLoader()] },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((path) => [path, `http://127.0.0.1:${apiPort}`])),
  },
});
