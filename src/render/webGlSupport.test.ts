import { describe, expect, it } from 'vitest';
import { isEmulatedRenderer } from './webGlSupport';

describe('isEmulatedRenderer', () => {
  it('names the GPUs emulated on the CPU: CanvasKit draws faster on its software surface there', () => {
    for (const renderer of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'ANGLE (Mesa, lavapipe (LLVM 15.0.7, 256 bits), Vulkan 1.3)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ]) {
      expect(isEmulatedRenderer(renderer), renderer).toBe(true);
    }
  });

  it('keeps WebGL for real GPUs, phones first', () => {
    for (const renderer of [
      'Mali-G52',
      'Adreno (TM) 610',
      'PowerVR Rogue GE8320',
      'Apple GPU',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'WebKit WebGL',
      '',
    ]) {
      expect(isEmulatedRenderer(renderer), renderer).toBe(false);
    }
  });
});
