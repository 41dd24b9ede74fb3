// Starts a TypeScript worker thread. Node 20 does not apply the tsx loader the server runs under
// (`node --import tsx`) to a worker's entry, so this plain module loads the entry through tsx.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
