/**
 * Print quality of a photo in its slot (editor-core §5, templates-photos-text §9).
 *
 * Placement model: at zoom 1 the photo (turned by its rotation) covers the slot exactly in one
 * direction and overflows in the other; zoom is a magnification on top of that (1 to 4). The
 * effective dpi is the number of the photo's original pixels that land on one inch of slot:
 *   dpi = 2.54 × min(photoWidthPx / slotWidthCm, photoHeightPx / slotHeightCm) / zoom
 * with width and height swapped for a rotation of 90 or 270 degrees.
 */

export const CM_PER_INCH = 2.54;
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
/** A photo below this dpi counts as too small; also the green smiley's threshold. */
export const LOW_DPI = 100;
/** Two-finger zoom is ignored when the result would be this dpi or less. */
export const PINCH_MIN_DPI = 25;

export interface PhotoPlacement {
  /** The photo's original pixels (not the web-sized copy). */
  photoWidthPx: number;
  photoHeightPx: number;
  slotWidthCm: number;
  slotHeightCm: number;
  zoom: number;
  /** Degrees clockwise; 90 and 270 swap the photo's width and height. */
  rotation: number;
}

function positive(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

export function isQuarterTurn(rotation: number): boolean {
  return Math.abs(Math.round(rotation / 90)) % 2 === 1;
}

/** The dpi at zoom 1: the most the photo can give in this slot. 0 for impossible input. */
export function coverDpi(placement: Omit<PhotoPlacement, 'zoom'>): number {
  const { photoWidthPx, photoHeightPx, slotWidthCm, slotHeightCm } = placement;
  if (![photoWidthPx, photoHeightPx, slotWidthCm, slotHeightCm].every(positive)) return 0;
  const [width, height] = isQuarterTurn(placement.rotation)
    ? [photoHeightPx, photoWidthPx]
    : [photoWidthPx, photoHeightPx];
  return CM_PER_INCH * Math.min(width / slotWidthCm, height / slotHeightCm);
}

export function effectiveDpi(placement: PhotoPlacement): number {
  if (!positive(placement.zoom)) return 0;
  return coverDpi(placement) / placement.zoom;
}

export type QualityLevel = 'bad' | 'poor' | 'fair' | 'good' | 'excellent';
export type Smiley = 'red' | 'orange' | 'green';

export interface Quality {
  level: QualityLevel;
  /** i18n key of the label, e.g. 'quality.label.bad' → 'SLECHT.' */
  labelKey: string;
  /** The spec adds 'Vervang de foto.' to SLECHT. and MATIG. */
  replace: boolean;
  smiley: Smiley;
  /** Below 100 dpi: counts as too small in the summary. */
  low: boolean;
}

export const QUALITY_PREFIX_KEY = 'quality.prefix';
export const QUALITY_REPLACE_KEY = 'quality.replace';

/** The spec's bounds: up to 60 SLECHT., to 90 MATIG., to 100 REDELIJK., to 150 GOED., above UITSTEKEND. */
export function qualityLevel(dpi: number): QualityLevel {
  if (!(dpi > 60)) return 'bad';
  if (dpi <= 90) return 'poor';
  if (dpi <= 100) return 'fair';
  if (dpi <= 150) return 'good';
  return 'excellent';
}

export function smiley(dpi: number): Smiley {
  if (!(dpi >= 75)) return 'red';
  return dpi < LOW_DPI ? 'orange' : 'green';
}

export function isLowDpi(dpi: number): boolean {
  return !(dpi >= LOW_DPI);
}

export function quality(dpi: number): Quality {
  const level = qualityLevel(dpi);
  return {
    level,
    labelKey: `quality.label.${level}`,
    replace: level === 'bad' || level === 'poor',
    smiley: smiley(dpi),
    low: isLowDpi(dpi),
  };
}

/** The message as i18n keys in order: prefix, label, and 'Vervang de foto.' where the spec adds it. */
export function qualityMessageKeys(dpi: number): string[] {
  const q = quality(dpi);
  return [QUALITY_PREFIX_KEY, q.labelKey, ...(q.replace ? [QUALITY_REPLACE_KEY] : [])];
}

export type QualityFix =
  | { kind: 'none' }
  /** Zooming out to `zoom` (rounded down to 2 decimals) gives `dpi` ≥ 100: a green smiley. */
  | { kind: 'zoomOut'; zoom: number; dpi: number; messageKey: string }
  | { kind: 'replace'; messageKey: string };

export const FIX_ZOOM_OUT_KEY = 'quality.fix.zoomOut';
export const FIX_REPLACE_KEY = 'quality.fix.replace';

/**
 * Beyond the spec: what turns a low photo green. Zooming out helps as long as the zoom stays
 * at least 1 (the photo must still cover the slot); otherwise only another photo helps.
 */
export function qualityFix(placement: PhotoPlacement): QualityFix {
  const dpi = effectiveDpi(placement);
  if (!isLowDpi(dpi)) return { kind: 'none' };
  const best = coverDpi(placement);
  const zoom = Math.floor((best / LOW_DPI) * 100) / 100;
  if (zoom >= ZOOM_MIN && zoom < placement.zoom)
    return { kind: 'zoomOut', zoom, dpi: best / zoom, messageKey: FIX_ZOOM_OUT_KEY };
  return { kind: 'replace', messageKey: FIX_REPLACE_KEY };
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM_MIN;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/**
 * The photo editor's buttons: 'Kleiner' divides the magnification by 1.05, 'Groter' by 0.95
 * (the spec's factors apply to the photo's size on screen), kept within 1 to 4.
 */
export function zoomButton(zoom: number, button: 'smaller' | 'bigger'): number {
  return clampZoom(zoom / (button === 'smaller' ? 1.05 : 0.95));
}

/**
 * Two-finger zoom applies only if the print resolution stays above 25 dpi (and within 1 to 4).
 * Zooming out is always allowed: it only raises the dpi, and a photo saved too far zoomed in must
 * be able to recover.
 */
export function pinchZoom(
  placement: PhotoPlacement,
  proposedZoom: number,
): { applied: boolean; zoom: number } {
  const zoom = clampZoom(proposedZoom);
  if (zoom <= placement.zoom || effectiveDpi({ ...placement, zoom }) > PINCH_MIN_DPI)
    return { applied: true, zoom };
  return { applied: false, zoom: placement.zoom };
}
