import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The layering of DESIGN.md, enforced: kernels are pure, the renderer never reads stores.
const noUi = { group: ['react', 'react-dom', 'react-*', 'mobx', 'mobx-*'], message: 'src/model is pure: no React or MobX.' };
const noCanvasKit = { group: ['canvaskit-wasm', 'canvaskit-wasm/*'], message: 'src/model is pure: no CanvasKit.' };
const noStores = { group: ['**/stores/**', 'mobx', 'mobx-*'], message: 'src/render never reads stores.' };

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'out/', 'data/', 'node_modules/', 'wasm/**/target/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/model/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noUi, noCanvasKit] }] },
  },
  {
    files: ['src/render/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noStores] }] },
  },
);
