/**
 * What a WebGL context on this device draws with: a GPU, a GPU emulated on the CPU, or nothing.
 *
 * Where there is no GPU (Chromium's SwiftShader, Mesa's llvmpipe, Windows' WARP) WebGL is CanvasKit
 * drawing through an emulated GPU: every shader is compiled for the CPU and every frame waits on
 * it, so CanvasKit's own software surface is far faster. Measured with `npm run bench:phone` in
 * Debian's Chromium without a GPU at 4x CPU (2026-11-26): the editor's first CanvasKit drawing was one
 * task of 1.75 s on WebGL against at most 175 ms on software, and a tap in the design screen
 * during it waited up to 0.8 s (see issue 13's note). A real GPU keeps WebGL.
 */
export type WebGlSupport = 'gpu' | 'emulated' | 'none';

/** Renderer names of software GPUs: SwiftShader (Chromium), llvmpipe, softpipe and lavapipe (Mesa), WARP (Windows). */
const EMULATED =
  /swiftshader|llvmpipe|softpipe|lavapipe|basic render driver|microsoft basic|software rasterizer|software adapter/i;

/** Whether a WebGL renderer name (UNMASKED_RENDERER_WEBGL) names a GPU emulated on the CPU. */
export function isEmulatedRenderer(renderer: string): boolean {
  return EMULATED.test(renderer);
}

/** A canvas CanvasKit draws on: the page's, or an offscreen one in a worker. */
export type DrawTarget = HTMLCanvasElement | OffscreenCanvas;

let support: WebGlSupport | undefined;

/**
 * Asked once per page on a scratch canvas: asking the real canvas would claim it for WebGL, and a
 * canvas that has a WebGL context can never get a 2D one for the software surface. Once only:
 * every probe is a real context, and Chromium keeps only 16 (phones fewer) before it drops the
 * oldest, which may be the editor's own. The probe's context is given back at once.
 */
export function webGlSupport(): WebGlSupport {
  support ??= probe();
  return support;
}

function probe(): WebGlSupport {
  try {
    const scratch: DrawTarget | null =
      typeof OffscreenCanvas !== 'undefined'
        ? new OffscreenCanvas(1, 1)
        : typeof document !== 'undefined'
          ? document.createElement('canvas')
          : null;
    if (!scratch) return 'none';
    const gl = (scratch.getContext('webgl2') ??
      scratch.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return 'none';
    // Browsers that hide the unmasked name (Firefox's resistFingerprinting) count as a GPU: WebGL as before.
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(
      gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '',
    );
    loseContext(gl);
    return isEmulatedRenderer(renderer) ? 'emulated' : 'gpu';
  } catch {
    return 'none';
  }
}

/** Gives a WebGL context back to the browser now, instead of whenever the garbage collector runs. */
export function loseContext(
  gl: WebGLRenderingContext | WebGL2RenderingContext | null | undefined,
): void {
  try {
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    // Already lost: nothing to give back.
  }
}
