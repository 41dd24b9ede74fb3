import type { CollagePhotoRow } from '../db/collages.js';
import type { CatalogQuote, QuoteCatalog } from '../photos/quoteCatalog.js';
import { parseId, photoWebSrc, suggestedRotation } from './collageFormat.js';

/**
 * The photos a saved collage names: the customer's uploads by their numeric ids, and the shop's own
 * quote images ('Spreuken') by their quote ids (q1, en-q1), which are never uploaded. A quote id
 * always has a letter (the quote catalog leaves out ids of digits only), so the two never meet.
 */
export interface DocumentPhotos {
  /** The customer's uploaded photos: each must be theirs (the save's statement checks it). */
  uploaded: number[];
  /** The quotes the catalog has. */
  quotes: Map<string, CatalogQuote>;
  /** Ids that are neither: refused like another customer's photo. */
  unknown: string[];
}

export async function documentPhotos(
  ids: readonly string[],
  quotes: Pick<QuoteCatalog, 'byIds'>,
): Promise<DocumentPhotos> {
  const uploaded: number[] = [];
  const others: string[] = [];
  for (const id of ids) {
    const number = parseId(id);
    if (number === null) others.push(id);
    else uploaded.push(number);
  }
  const found = await quotes.byIds(others);
  return { uploaded, quotes: found, unknown: others.filter((id) => !found.has(id)) };
}

/** One photo of the load answer (editor-core §3, Photo on load); a quote's id is its quote id. */
export interface LoadedPhoto {
  src: string;
  orgWidth: number;
  orgHeight: number;
  webWidth: number;
  webHeight: number;
  id: number | string;
  type: string;
  unique: string;
  suggestedRotation: number;
  /** A quote's saying: the picture's alternative text, as in the quote list. */
  text?: string;
}

function uploadedPhoto(photo: CollagePhotoRow): LoadedPhoto {
  return {
    src: photoWebSrc(photo.id),
    orgWidth: photo.orgWidth,
    orgHeight: photo.orgHeight,
    webWidth: photo.webWidth ?? photo.orgWidth,
    webHeight: photo.webHeight ?? photo.orgHeight,
    id: photo.id,
    type: photo.type,
    unique: photo.unique ?? '',
    suggestedRotation: suggestedRotation(photo.suggestedRotation),
  };
}

function quotePhoto({ item }: CatalogQuote): LoadedPhoto {
  return {
    src: item.webformat.src,
    orgWidth: item.fullformat.width,
    orgHeight: item.fullformat.height,
    webWidth: item.webformat.width,
    webHeight: item.webformat.height,
    id: item.id,
    type: item.type,
    unique: item.unique,
    suggestedRotation: 0,
    text: item.text,
  };
}

/**
 * The load answer's photos in the document's order: the collage's uploaded photos and the quotes
 * it names that the catalog still has (a quote the shop has since taken away leaves its slot empty).
 */
export async function loadedPhotos(
  documentIds: readonly string[],
  stored: readonly CollagePhotoRow[],
  quotes: Pick<QuoteCatalog, 'byIds'>,
): Promise<LoadedPhoto[]> {
  const { quotes: found } = await documentPhotos(documentIds, quotes);
  const order = new Map(documentIds.map((id, index) => [id, index]));
  const place = (photo: LoadedPhoto) => order.get(String(photo.id)) ?? Infinity;
  return [...stored.map(uploadedPhoto), ...[...found.values()].map(quotePhoto)].sort(
    (a, b) => place(a) - place(b),
  );
}
