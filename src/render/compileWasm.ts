/**
 * A .wasm compiled while it downloads (needs the application/wasm type the server gives it), at low
 * priority: it never holds back what the page shows now (the chooser's thumbnails). Used by the
 * page and by CanvasKit's compile worker (canvaskitCompile.worker.ts).
 */
export async function compileWasm(url: string): Promise<WebAssembly.Module> {
  const response = fetch(url, { credentials: 'same-origin', priority: 'low' });
  try {
    return await WebAssembly.compileStreaming(response);
  } catch {
    // A proxy that changed the type: compile from the bytes instead.
    return WebAssembly.compile(
      await (await fetch(url, { credentials: 'same-origin' })).arrayBuffer(),
    );
  }
}
