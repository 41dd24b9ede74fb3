/**
 * The URL Vite gives CanvasKit's .wasm (the default build: the only one the page and its workers
 * load). Kept apart from canvaskit.ts so Node (the print server, the golden tests) never sees a
 * `?url` import.
 */
import wasmUrl from 'canvaskit-wasm/bin/canvaskit.wasm?url';

export const CANVASKIT_WASM_URL: string = wasmUrl;
