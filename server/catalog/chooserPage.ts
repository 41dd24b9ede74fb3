/**
 * The chooser's page as HTML (issue 27 item 1): the build's index.html with the chooser already
 * drawn into its #root by React's own server rendering, so a phone shows the cards, their images
 * and the filters (plain links) from the first answer, before any script has run; the page then
 * hydrates it (src/main.tsx). The drawing is the build's own renderer (src/ssr/renderChooser.tsx,
 * built by vite.config.ts into the build's `.ssr/` folder), loaded from beside the index.html it
 * fills, so the HTML and the page's script always come from one build.
 *
 * The list is catalogue content, not per visit: each page is drawn once per catalogue version (the
 * themes file's mtime and size, as routes/catalogThemes.ts versions it), build, locale and address (its filter),
 * and kept; a shop editing themes.xml under a running server gets its next answers drawn anew.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  languageCookie,
  paths,
  redirectsToChoice,
  screenOfPath,
} from '../../src/i18n/routeWords.js';
import { LOCALES } from '../../src/i18n/localePaths.js';
import type { Locale } from '../../src/i18n/localePaths.js';
import {
  CHOOSER_DATA_ID,
  SERVER_RENDERED_ATTRIBUTE,
} from '../../src/model/catalog/chooserCards.js';
import { chooserFilterOfPath } from './chooserPreload.js';
import { themesXmlForLocale } from './themesForLocale.js';

interface DrawnChooser {
  html: string;
  head: string;
  templates: string;
  title: string;
}

/** The renderer's module as vite.config.ts builds it (src/ssr/renderChooser.tsx). */
interface ChooserRenderer {
  chooserLocale(page: { pathname: string; lang: string | null; cookie: string }): Locale;
  renderChooser(url: string, locale: Locale, themesXml: string): Promise<DrawnChooser>;
}

export const CHOOSER_RENDERER = path.join('.ssr', 'renderChooser.js');
/** Pages kept at most: six locales times a catalogue's filters is a few dozen. */
const MAX_KEPT = 256;

export interface ChooserPageRequest {
  /** The request's path as the router reads it (requestPath.ts rawRequestPath). */
  pathname: string;
  /** Its ?lang= */
  lang: string | null;
  cookie: string;
}

export interface ChooserPage {
  /** The page's language, remembered in the customer's language cookie as the page's script would. */
  locale: Locale;
  html: string;
  etag: string;
  /** The page compressed once when drawn, not per answer (the build's files come so too). */
  br: Buffer;
  gzip: Buffer;
}

/** The encoding to answer in for an Accept-Encoding header: brotli, else gzip, else none. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Answers a drawn page: 304 to its ETag, else compressed as the client accepts. */
export function sendChooserPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ChooserPage,
): FastifyReply {
  // Drawn per locale, which the cookie may choose; revalidated on every visit.
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .header('etag', page.etag)
    // What the page's script remembers once it runs (src/main.tsx), now that it runs only after the
    // first images: a saved link opened before then keeps the customer's language (issue 12).
    .header('set-cookie', languageCookie(page.locale));
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

const brotli = promisify(zlib.brotliCompress);
const gzipped = promisify(zlib.gzip);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

type Manifest = Record<string, { file?: string }>;
const LOCALE_TEXTS = /^src\/i18n\/locales\/(\w+)\.json$/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * index.html's preload of the deployed locale's texts (vite.config.ts) turned into the page's own
 * locale's, by the build's manifest: an English page fetches the English texts with its script,
 * not the Dutch ones it never reads.
 */
export function preloadLocaleTexts(shell: string, manifest: Manifest, locale: Locale): string {
  const files = Object.entries(manifest).flatMap(([source, { file }]) =>
    file && LOCALE_TEXTS.test(source) ? [{ locale: LOCALE_TEXTS.exec(source)![1], file }] : [],
  );
  const own = files.find((entry) => entry.locale === locale)?.file;
  const others = files.filter((entry) => entry.locale !== locale).map((entry) => entry.file);
  if (!own || !others.length) return shell;
  const preload = new RegExp(
    `(<link rel="modulepreload"[^>]*href="/)(?:${others.map(escapeRegExp).join('|')})"`,
  );
  return shell.replace(preload, (_, start: string) => `${start}${own}"`);
}

/** The build's first script of a drawn chooser (src/chooserStart.ts), by the manifest. */
export const CHOOSER_START_ENTRY = 'src/chooserStart.ts';

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The page's script and its module preloads replaced by the chooser's first script, which asks for
 * them once the first cards' images have been painted (src/chooserStart.ts): the drawn page needs
 * none of them to paint, and on a phone's narrow line the images come first. A build without that
 * script (an older one still being served) keeps them, at low priority.
 */
export function scriptAfterFirstPaint(shell: string, manifest: Manifest): string {
  const start = manifest[CHOOSER_START_ENTRY]?.file;
  const main = MODULE_SCRIPT.exec(shell)?.[1];
  if (!start || !main) return scriptAtLowPriority(shell);
  const preloads = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const startTag =
    `<script type="module" crossorigin src="/${start}" data-main="${main}"` +
    ` data-preload="${preloads.join(' ')}"></script>`;
  return shell.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => startTag);
}

/** The page's script and its modules asked for at low priority, after the first cards' images. */
function scriptAtLowPriority(shell: string): string {
  return shell.replace(
    /<(script type="module"|link rel="modulepreload")/g,
    '<$1 fetchpriority="low"',
  );
}

/** JSON as the text of a <script> element: nothing in it can end the element. */
const scriptText = (json: string) => json.replace(/</g, '\\u003c');

/** index.html with the drawn chooser in its #root and its templates beside it, the page's locale and title. */
export function fillShell(shell: string, locale: Locale, drawn: DrawnChooser): string {
  return (
    shell
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(drawn.title)}</title>`)
      // The page starts from the drawn templates, not from the themes list.
      .replace(/<link\s+rel="preload"[^>]*themes\.xml[^>]*>\s*/, '')
      .replace('</head>', () => `${drawn.head}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${drawn.html}</div>` +
          `<script type="application/json" id="${CHOOSER_DATA_ID}">${scriptText(drawn.templates)}</script>`,
      )
  );
}

/** A chooser address as the page's links write it (paths.choice): a route word and the filter, escaped. */
function isLinkedPath(pathname: string, filter: string): boolean {
  return LOCALES.some((locale) => paths.choice(locale, filter) === pathname);
}

const stampOf = async (file: string) => {
  const stat = await fs.stat(file);
  return `${stat.mtimeMs.toString(36)}-${stat.size.toString(36)}`;
};

export class ChooserPages {
  private kept = new Map<string, Promise<ChooserPage>>();
  private keptVersion = '';
  private renderer: { stamp: string; module: Promise<ChooserRenderer> } | null = null;

  constructor(
    private readonly staticDir: string,
    private readonly themesPath: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The chooser's page for a request, or null when the path is not the chooser's (another screen,
   * or the empty and unknown paths the page itself sends on to the chooser) or it cannot be drawn
   * (no renderer in the build, no or a broken themes list): the page then draws it as before.
   */
  async page(request: ChooserPageRequest): Promise<ChooserPage | null> {
    const { pathname } = request;
    if (screenOfPath(pathname) !== 'choice' || redirectsToChoice(pathname)) return null;
    const filter = chooserFilterOfPath(pathname) ?? '';
    try {
      const rendererFile = path.join(this.staticDir, CHOOSER_RENDERER);
      const shellFile = path.join(this.staticDir, 'index.html');
      const [rendererStamp, shellStamp, themesStamp] = await Promise.all([
        stampOf(rendererFile),
        stampOf(shellFile),
        stampOf(this.themesPath),
      ]);
      const renderer = await this.rendererOf(rendererFile, rendererStamp);
      const locale = renderer.chooserLocale({ ...request, pathname });
      const version = `${rendererStamp}|${shellStamp}|${themesStamp}`;
      if (version !== this.keptVersion) {
        this.kept = new Map();
        this.keptVersion = version;
      }
      // What is drawn depends on the locale and the path (its filter, as the page's router reads it).
      const key = `${locale}|${pathname}`;
      const kept = this.kept.get(key);
      if (kept) return await kept;
      const drawing = this.draw(renderer, shellFile, pathname, locale);
      // Kept: the addresses the page's own links write (chooserPaths), within MAX_KEPT; a filter
      // that shows no card (any text typed into the address) is drawn but not kept once drawn.
      if (this.kept.size < MAX_KEPT && isLinkedPath(pathname, filter)) {
        this.kept.set(key, drawing);
        const forget = () => this.kept.get(key) === drawing && this.kept.delete(key);
        drawing.then(
          (page) => filter && !page.html.includes('class="template-card"') && forget(),
          forget,
        );
      }
      return await drawing;
    } catch (error) {
      this.log.warn({ err: error, pathname }, 'the chooser could not be drawn on the server');
      return null;
    }
  }

  private async draw(
    renderer: ChooserRenderer,
    shellFile: string,
    pathname: string,
    locale: Locale,
  ): Promise<ChooserPage> {
    const [shell, xml, manifest] = await Promise.all([
      fs.readFile(shellFile, 'utf8'),
      fs.readFile(this.themesPath, 'utf8'),
      fs
        .readFile(path.join(this.staticDir, '.vite', 'manifest.json'), 'utf8')
        .then((text) => JSON.parse(text) as Manifest)
        .catch(() => ({})),
    ]);
    const drawn = await renderer.renderChooser(pathname, locale, themesXmlForLocale(xml, locale));
    const scripts = scriptAfterFirstPaint(preloadLocaleTexts(shell, manifest, locale), manifest);
    const html = fillShell(scripts, locale, drawn);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    const [br, gzip] = await Promise.all([
      brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipped(html, { level: 9 }),
    ]);
    return { locale, html, etag, br, gzip };
  }

  /** The build's renderer, loaded again when a new build replaced it under a running server. */
  private rendererOf(file: string, stamp: string): Promise<ChooserRenderer> {
    if (this.renderer?.stamp !== stamp) {
      const url = `${pathToFileURL(file).href}?v=${stamp}`;
      this.renderer = { stamp, module: import(url) as Promise<ChooserRenderer> };
    }
    return this.renderer.module;
  }
}
