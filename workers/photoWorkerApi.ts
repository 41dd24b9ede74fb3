import * as Comlink from 'comlink';
import type { PhotoCodec, PhotoEffect } from './codec/photoCodec';
import {
  applyEffect,
  effectThumbnails,
  type EffectImage,
  type EffectThumbnail,
} from './ops/effects';
import { tileThumbnail } from './ops/tileThumbnail';
import type { TileThumbnail } from '../src/model/photos/photoTypes';
import {
  processFile,
  type FileOpsDeps,
  type JpegEncoder,
  type ProcessedFile,
} from './ops/processFile';

export interface PhotoWorkerDeps {
  loadCodec(): Promise<PhotoCodec>;
  encodeJpeg: JpegEncoder;
  resizePng?: FileOpsDeps['resizePng'];
  maxBytes: number;
}

export interface ProcessOptions {
  allowPng: boolean;
}

export interface WorkerStats {
  /** WASM linear memory of the codec now. */
  codecMemoryBytes: number;
  /** Times the codec instance was replaced (after a trap, or to give memory back). */
  codecRestarts: number;
}

/**
 * What one photo worker offers (exposed with comlink in photo.worker.ts). Files and Blobs cross
 * by reference; the one raw buffer that comes back (an effect's pixels) is transferred.
 */
export function createPhotoWorkerApi(deps: PhotoWorkerDeps) {
  let codec: Promise<PhotoCodec> | null = null;
  const getCodec = (): Promise<PhotoCodec> => {
    codec ??= deps.loadCodec().catch((error: unknown) => {
      codec = null; // a failed load is not remembered: the next call (or a fresh worker) tries again
      throw error;
    });
    return codec;
  };

  return {
    async process(file: Blob, box: number, options: ProcessOptions): Promise<ProcessedFile> {
      return processFile(file, box, {
        codec: await getCodec(),
        encodeJpeg: deps.encodeJpeg,
        resizePng: deps.resizePng,
        allowPng: options.allowPng,
        maxBytes: deps.maxBytes,
      });
    },

    async effectThumbnails(web: Blob): Promise<EffectThumbnail[]> {
      return effectThumbnails(await getCodec(), web, deps.encodeJpeg);
    },

    /** The photo dialog's tile picture of a web version (a small JPEG). */
    async tileThumbnail(web: Blob): Promise<TileThumbnail> {
      return tileThumbnail(await getCodec(), web, deps.encodeJpeg);
    },

    async applyEffect(web: Blob, effect: PhotoEffect, box: number): Promise<EffectImage> {
      const image = await applyEffect(await getCodec(), web, effect, box);
      return Comlink.transfer(image, [image.rgba.buffer]);
    },

    async stats(): Promise<WorkerStats> {
      const loaded = await getCodec();
      return { codecMemoryBytes: loaded.memoryBytes(), codecRestarts: loaded.restarts };
    },
  };
}

export type PhotoWorkerApi = ReturnType<typeof createPhotoWorkerApi>;
