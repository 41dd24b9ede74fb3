/**
 * Photos of one flat colour, collages of them and what a print file shows of each colour: a test
 * can then tell from the print's pixels which photos were printed, whatever the layout.
 */
import { expect } from 'vitest';
import { writeCollageXml } from '../../src/model/document/collageXml.js';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec.js';
import type { PhotoCodec } from '../../workers/codec/codecTypes.js';
import { fixtureRoot, settle } from '../../tests/support/stores/collageFixture.js';
import { encodeBand, joinBytes, JPEG_END, jpegHeader } from '../print/jpegBands.js';
import type { TestClient } from './helper.js';
import { upload } from './uploads.js';

export type Rgb = readonly [number, number, number];
export const RED: Rgb = [210, 30, 30];
export const BLUE: Rgb = [30, 40, 210];
export const GREEN: Rgb = [30, 190, 50];

const PHOTO_WIDTH = 1200;
const PHOTO_HEIGHT = 900;

/** A baseline JPEG of one colour, made by the print's own encoder. */
export function flatJpeg(colour: Rgb, width = PHOTO_WIDTH, height = PHOTO_HEIGHT): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([...colour, 255], i);
  const frame = { width, height, quality: 95 };
  return joinBytes([
    jpegHeader(frame),
    encodeBand(frame, { rgba, rows: height, top: 0 }),
    JPEG_END,
  ]);
}

export interface UploadedPhoto {
  id: string;
  width: number;
  height: number;
}

/** Uploads a photo of one colour as the editor does. */
export async function uploadFlatPhoto(client: TestClient, colour: Rgb): Promise<UploadedPhoto> {
  const { status, body } = await upload(client, flatJpeg(colour));
  expect(status).toBe(200);
  return {
    id: String(body.id),
    width: Number(body.orgWidth),
    height: Number(body.orgHeight),
  };
}

/** Template 101's sizes: 30 x 30 cm (3543 x 3543 px at 300 dpi) and 40 x 30 cm. */
export const SQUARE = '10108';
export const LANDSCAPE = '10102';
/** What one slot of the 3 x 4 grid shows of the sheet: a twelfth, less its margins. */
export const ONE_SLOT = 0.03;

/**
 * A collage of template 101 (alleven) made in the editor store: a child size, photos in its first
 * slots, a title, and the screenshot the editor sends with an order (none otherwise).
 */
export async function gridCollageXml(
  sizeId: string,
  photos: UploadedPhoto[],
  title: string,
  screenshot?: string,
): Promise<string> {
  const facts = Object.fromEntries(
    photos.map((photo) => [photo.id, { widthPx: photo.width, heightPx: photo.height }]),
  );
  const { root } = await fixtureRoot({ photos: facts });
  root.design.open('101');
  root.design.commit();
  await settle();
  expect(root.collage.chooseSize(sizeId)).toBe(true);
  photos.forEach((photo, index) => root.collage.placePhoto(`img${index + 1}`, photo.id));
  root.collage.setText('txt1', title);
  await settle();
  const document = root.collage.toDocument((id) => id)!;
  return writeCollageXml(screenshot === undefined ? document : { ...document, screenshot });
}

/** Saves a collage as the editor does (a new one when collageId is absent); the answer. */
export async function saveCollageXml(
  client: TestClient,
  collagexml: string,
  { forOrder, collageId }: { forOrder: boolean; collageId?: number },
): Promise<{ collageid: number; orderid?: number; alreadyordered?: boolean }> {
  const answer = await client.postFormJson<{
    collageid: number;
    orderid?: number;
    alreadyordered?: boolean;
  }>('/api/save?format=json&lang=nl', {
    collagexml,
    ...(collageId === undefined ? {} : { collageid: String(collageId) }),
    editor: '2',
    editor_version: '1',
    fororder: String(forOrder),
    templateid: '101',
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

let codec: Promise<PhotoCodec> | null = null;

export interface PrintColours {
  widthPx: number;
  heightPx: number;
  /** The share of the print's pixels (decoded at 1/8) near each colour asked for. */
  shares: number[];
}

/** The print file's size and how much of it shows each colour (within 40 levels a channel). */
export async function printColours(jpeg: Uint8Array, colours: Rgb[]): Promise<PrintColours> {
  codec ??= loadNodePhotoCodec();
  const probed = (await codec).probe(jpeg);
  if (!probed.ok) throw new Error(`the print does not read: ${probed.error.code}`);
  const decoded = (await codec).decodeScaled(jpeg, 1, 1);
  if (!decoded.ok) throw new Error(`the print does not decode: ${decoded.error.code}`);
  const { rgba } = decoded.value;
  const counts = colours.map(() => 0);
  for (let i = 0; i < rgba.length; i += 4)
    colours.forEach((colour, index) => {
      if (colour.every((level, channel) => Math.abs(rgba[i + channel]! - level) <= 40))
        counts[index]! += 1;
    });
  const pixels = rgba.length / 4;
  return {
    widthPx: probed.value.width,
    heightPx: probed.value.height,
    shares: counts.map((count) => count / pixels),
  };
}
