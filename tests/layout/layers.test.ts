/**
 * The layer rules must fail on what they forbid: lint a deliberately wrong import as if it were a
 * file of the product, and feed checkLayout a graph with each kind of problem.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutProblems } from '../../scripts/checkLayout.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('ESLint layer rules', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it.each([
    [
      'src/model/catalog/upward.ts',
      "import type { PhotoStore } from '../../stores/photos/PhotoStore';\nexport type P = PhotoStore;\n",
      'src/model (layer 0) may not import src/stores',
    ],
    [
      'src/render/upward.ts',
      "import { catalogUrl } from '../services/canvasPixels';\nexport const u = catalogUrl;\n",
      'src/render (layer 1) may not import src/services',
    ],
    [
      'src/services/upward.ts',
      "import type { CanvasServices } from '../ui/canvas/CanvasServices';\nexport type S = CanvasServices;\n",
      'src/services (layer 2) may not import src/ui',
    ],
    [
      'workers/upward.ts',
      "import type { Photo } from '../src/stores/photos/Photo';\nexport type P = Photo;\n",
      'workers (layer 2) may not import src/stores',
    ],
    [
      'src/stores/upward.ts',
      "import { paths } from '../ui/routing/navigator';\nexport const p = paths;\n",
      'src/stores (layer 3) may not import src/ui',
    ],
    ['src/ui/upward.ts', "import '../main';\n", 'src/ui (layer 4) may not import src/main.tsx'],
    [
      'src/api/upward.ts',
      "import { buildApp } from '../../server/app';\nexport const b = buildApp;\n",
      'src/api (layer 1) may not import server',
    ],
    [
      'server/upward.ts',
      "import type { RootStore } from '../src/stores/RootStore.js';\nexport type R = RootStore;\n",
      'the server may import only',
    ],
    [
      'server/upward.ts',
      "import { photoClient } from '../workers/photoClient.js';\nexport const c = photoClient;\n",
      'the server may import only',
    ],
  ])('%s: an upward import fails', async (file, code, expected) => {
    const problems = await problemsOf(file, code);
    expect(
      problems.some(
        (problem) => problem.startsWith('no-restricted-imports') && problem.includes(expected),
      ),
      problems.join('\n'),
    ).toBe(true);
  });

  it('allows imports down the layers and the server its shared parts', async () => {
    expect(
      await problemsOf(
        'src/ui/downward.ts',
        "import type { RootStore } from '../stores/RootStore';\nimport { catalogUrl } from '../model/catalog/catalogUrl';\nexport type R = RootStore;\nexport const u = catalogUrl;\n",
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        'server/downward.ts',
        "import { loadPhotoCodec } from '../workers/codec/photoCodec.js';\nexport const l = loadPhotoCodec;\n",
      ),
    ).toEqual([]);
  });

  it('fails on an import circle', async () => {
    // CollageFormat extends FormatSizing: FormatSizing importing CollageFormat back closes a circle.
    const problems = await problemsOf(
      'src/stores/collage/FormatSizing.ts',
      "import { CollageFormat } from './CollageFormat';\nexport const C = CollageFormat;\n",
    );
    expect(
      problems.some((problem) => problem.startsWith('import-x/no-cycle')),
      problems.join('\n'),
    ).toBe(true);
  });
});

describe('checkLayout on an import graph', () => {
  it('finds circles, upward imports, test support in src, product importing tests and loose stores', () => {
    const problems = layoutProblems({
      graph: {
        'src/model/a.ts': ['src/stores/photos/Photo.ts'],
        'workers/b.ts': ['src/i18n/routeWords.ts', 'src/services/analytics.ts'],
        'server/c.ts': ['src/services/draftDb.ts', 'src/render/cache.ts'],
        'src/ui/d.tsx': ['tests/support/stores/editorRoot.ts'],
        'src/stores/testing/helper.ts': [],
        'src/stores/e.test.ts': ['src/ui/d.tsx'],
      },
      circles: [['src/stores/collage/CollageFormat.ts', 'src/stores/collage/customSizeRequest.ts']],
      storesRoot: ['RootStore.ts', 'RootStore.test.ts', 'README.md', 'PhotoStore.ts', 'collage'],
    });
    expect(problems).toEqual([
      'import circle: src/stores/collage/CollageFormat.ts > src/stores/collage/customSizeRequest.ts > src/stores/collage/CollageFormat.ts',
      'src/model/a.ts imports src/stores/photos/Photo.ts: src/model (layer 0) may not import src/stores (layer 3)',
      'server/c.ts imports src/services/draftDb.ts: the server may import only src/model, src/i18n, src/render, src/api, workers/codec',
      'src/ui/d.tsx imports tests/support/stores/editorRoot.ts: the product never imports tests or their support',
      'test support in src/: src/stores/testing/helper.ts (move it to tests/support/)',
      "src/stores/PhotoStore.ts: only RootStore.ts and an index stay at the root; a store goes into its domain's folder",
    ]);
  });
});
