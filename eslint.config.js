import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { LAYERS, SERVER } from './scripts/layers.js';

// The layering of DESIGN.md, enforced (scripts/layers.js has the table): kernels are pure, the
// renderer never reads stores, and no file imports a layer above its own. scripts/checkLayout.js
// (run by `npm run lint` after ESLint) checks the same on madge's graph, type-only imports and circles included.
const noUi = {
  group: ['react', 'react-dom', 'react-*', 'mobx', 'mobx-*'],
  message: 'src/model is pure: no React or MobX.',
};
const noCanvasKit = {
  group: ['canvaskit-wasm', 'canvaskit-wasm/*'],
  message: 'src/model is pure: no CanvasKit.',
};
const noMobx = { group: ['mobx', 'mobx-*'], message: 'src/render never reads stores.' };

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];
const SOURCES = (folder) =>
  folder.endsWith('.tsx') ? [folder] : [`${folder}/**/*.ts`, `${folder}/**/*.tsx`];
/**
 * A relative import specifier that reaches into `folder` (src/stores → '../stores/…',
 * '../../src/stores/…'); a package's subpath (react-dom/server) is not the server.
 */
const into = (folder) => {
  const name = folder
    .split('/')
    .at(-1)
    .replace(/\.tsx$/, '');
  return `^\\.\\.?/(.*/)?${name.replace('.', '\\.')}(\\.tsx?|\\.js)?(/|$)`;
};
const upward = (layer) =>
  [...LAYERS.filter((other) => other.rank > layer.rank), { folder: 'server' }].map((other) => ({
    regex: into(other.folder),
    message: `${layer.folder} (layer ${layer.rank}) may not import ${other.folder}${other.rank === undefined ? '' : ` (layer ${other.rank})`}: see scripts/layers.js.`,
  }));
const extra = { 'src/model': [noUi, noCanvasKit], 'src/render': [noMobx] };
const layerRules = LAYERS.map((layer) => ({
  files: SOURCES(layer.folder),
  ignores: TESTS,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...(extra[layer.folder] ?? []), ...upward(layer)] },
    ],
  },
}));
const serverRule = {
  files: ['server/**/*.ts'],
  ignores: [...TESTS, 'server/test/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...['src/stores', 'src/services', 'src/ui', 'src/main.tsx', 'src/shop'].map((folder) => ({
            regex: into(folder),
            message: `the server may import only ${SERVER.mayImport.join(', ')}.`,
          })),
          {
            regex: '(^|/)workers/(?!codec/)',
            message: `the server may import only ${SERVER.mayImport.join(', ')}.`,
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      'out/',
      'data/',
      'node_modules/',
      'wasm/**/target/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...layerRules,
  serverRule,
  {
    // Import circles among the product's modules (value imports; checkLayout.js also counts type-only ones).
    files: ['src/**/*.ts', 'src/**/*.tsx', 'server/**/*.ts', 'workers/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.server.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Files a reader takes in whole: split along a seam before 300 lines (tests and test support excepted).
    files: ['src/**/*.ts', 'src/**/*.tsx', 'server/**/*.ts', 'workers/**/*.ts'],
    ignores: [...TESTS, 'server/test/**', '**/*.d.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
);
