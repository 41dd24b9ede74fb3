import type { CollageDocument } from './collageXml.js';

/** Database ids are bigserial; anything that is not a plain positive integer cannot name a row. */
export function parseId(value: string): number | null {
  const trimmed = value.trim();
  return /^[1-9][0-9]{0,14}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The web-size version of a stored photo (served by the photo routes). */
export function photoWebSrc(photoId: number): string {
  return `/api/photo/${photoId}/web`;
}

/** Owner-only screenshot; the version parameter changes with every save so caches never show an old one. */
export function screenshotUrl(collageId: number, updatedAt: Date): string {
  return `/api/collage/${collageId}/screenshot?v=${updatedAt.getTime()}`;
}

/** Stored size: 'WIDTHxHEIGHT' in cm as the document gives them ('' when it gives none). */
export function sizeText(doc: Pick<CollageDocument, 'widthCm' | 'heightCm'>): string {
  return doc.widthCm !== null && doc.heightCm !== null ? `${doc.widthCm}x${doc.heightCm}` : '';
}

/** Rotation suggestions are multiples of 90 (spec §3); anything else counts as 0. */
export function suggestedRotation(value: number): number {
  return [0, 90, 180, 270].includes(value) ? value : 0;
}
