// Types of checkLayout.js for the TypeScript tests that call it (the script itself stays plain JS,
// so that eslint.config.js and `npm run lint` load it and scripts/layers.js without a compiler).
export interface LayoutInput {
  /** File → the files it imports, repository paths (madge's graph). */
  graph: Record<string, readonly string[]>;
  circles: readonly (readonly string[])[];
  /** The entries of src/stores. */
  storesRoot: readonly string[];
}

export function layoutProblems(input: LayoutInput): string[];
