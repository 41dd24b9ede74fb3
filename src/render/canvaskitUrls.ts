/**
 * The URLs Vite gives the CanvasKit .wasm files in the page and in workers. Kept apart from
 * canvaskit.ts so Node (the print server, the golden tests) never sees a `?url` import.
 */
import defaultWasmUrl from 'canvaskit-wasm/bin/canvaskit.wasm?url';
import fullWasmUrl from 'canvaskit-wasm/bin/full/canvaskit.wasm?url';
import type { CanvasKitBuild } from './canvaskit';

export function canvasKitWasmUrl(build: CanvasKitBuild): string {
  return build === 'full' ? fullWasmUrl : defaultWasmUrl;
}
