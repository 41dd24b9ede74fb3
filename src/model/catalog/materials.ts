import type { MaterialCode } from './types';

/** The spec's materials with their index, print margin and whether canvas corners are blocked. */
export interface Material {
  code: MaterialCode;
  /** The spec's material index (1 none … 8 permanent tiles). */
  index: number;
  /** Margin in cm on every side that wraps round the frame or edge (not on the front). */
  marginCm: number;
  /** Canvas materials fold at the corners: nothing important may sit there. */
  blockedCorners: boolean;
  isCanvas: boolean;
}

export const MATERIALS: readonly Material[] = [
  { code: '', index: 1, marginCm: 0, blockedCorners: false, isCanvas: false },
  { code: 'POSTER', index: 2, marginCm: 0.1, blockedCorners: false, isCanvas: false },
  { code: 'CANVAS2CM', index: 3, marginCm: 2.5, blockedCorners: true, isCanvas: true },
  { code: 'CANVAS4CM', index: 4, marginCm: 5, blockedCorners: true, isCanvas: true },
  { code: 'DIBOND', index: 5, marginCm: 0.3, blockedCorners: false, isCanvas: false },
  { code: 'PLEXI', index: 6, marginCm: 0.3, blockedCorners: false, isCanvas: false },
  { code: 'TILES', index: 7, marginCm: 0, blockedCorners: false, isCanvas: false },
  { code: 'TILESPERM', index: 8, marginCm: 0, blockedCorners: false, isCanvas: false },
];

const byCode = new Map<string, Material>(MATERIALS.map((material) => [material.code, material]));

export function isMaterialCode(code: string): code is MaterialCode {
  return byCode.has(code);
}

/** Unknown codes count as none: a catalog typo must not break a layout. */
export function material(code: string): Material {
  return byCode.get(code) ?? MATERIALS[0]!;
}

export function materialMarginCm(code: string): number {
  return material(code).marginCm;
}
