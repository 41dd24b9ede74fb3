// Piscina's worker entry: Node 20 does not apply the tsx loader the server runs under to a worker
// thread, so this plain module loads the TypeScript task through tsx and hands on its default export.
import { tsImport } from 'tsx/esm/api';

const task = await tsImport('./printTileTask.ts', import.meta.url);
export default task.default;
