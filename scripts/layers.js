// The layers of ../shared/DESIGN.md, in one table that eslint.config.js and scripts/checkLayout.js
// both read: a file may import its own layer and the layers below (a lower rank), never above.
// Tests (*.test.ts, tests/) stand above every layer and may import any of them.

/** @type {{ folder: string, rank: number, role: string }[]} */
export const LAYERS = [
  { folder: 'src/model', rank: 0, role: 'pure kernels' },
  { folder: 'src/i18n', rank: 0, role: 'locales and route words' },
  { folder: 'src/render', rank: 1, role: 'CanvasKit renderer' },
  { folder: 'src/api', rank: 1, role: 'typed client of the server' },
  { folder: 'src/services', rank: 2, role: 'browser services the stores are built with' },
  { folder: 'workers', rank: 2, role: 'photo and screenshot workers' },
  { folder: 'src/stores', rank: 3, role: 'MobX stores' },
  { folder: 'src/ui', rank: 4, role: 'React observers' },
  { folder: 'src/main.tsx', rank: 5, role: 'the editor page: builds the services and the stores' },
  {
    folder: 'src/mainEditing.ts',
    rank: 5,
    role: "the editor page's second half: the editor's services and stores, loaded lazily by main.tsx",
  },
  {
    folder: 'src/ssr',
    rank: 5,
    role: "the chooser drawn on the server: the page's tree rendered to HTML, built for Node by vite.config.ts",
  },
  { folder: 'src/shop', rank: 5, role: "the shop pages' cipher module, an entry of its own" },
  {
    folder: 'src/chooserStart.ts',
    rank: 5,
    role: "the drawn chooser's first script, an entry of its own: asks for the page's script once the first images are in",
  },
];

/** The server is separate: it shares the pure parts of the editor, nothing with MobX, React or the page's services. */
export const SERVER = {
  folder: 'server',
  mayImport: ['src/model', 'src/i18n', 'src/render', 'src/api', 'workers/codec'],
};

/** The layer a repository path belongs to, or undefined (server, tests, scripts, catalog). */
export function layerOf(path) {
  return LAYERS.find((layer) => path === layer.folder || path.startsWith(`${layer.folder}/`));
}

/** Tests and the test support they share: exempt from the layer rules. */
export function isTestFile(path) {
  return /\.test\.tsx?$/.test(path) || /(^|\/)test\//.test(path) || path.startsWith('tests/');
}
