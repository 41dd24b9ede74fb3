import { describe, expect, it } from 'vitest';
import {
  DRAFT_VERSION,
  readDraftBlobs,
  readDraftIndex,
  readDraftRecord,
  type DraftRecord,
} from './draftRecord';

const record: DraftRecord = {
  version: DRAFT_VERSION,
  key: 'new',
  savedId: null,
  savedAt: 1_700_000_000_000,
  xml: '<collage/>',
  photos: [
    {
      uid: 'u1',
      name: 'a.jpg',
      source: 'computer',
      serverId: null,
      src: '',
      webWidth: 1024,
      webHeight: 768,
      orgWidth: 4000,
      orgHeight: 3000,
      key: 'k',
      suggestedRotation: 0,
      rotation: 90,
      web: true,
      file: true,
    },
  ],
  summary: {
    templateId: '101',
    templateName: 'Raster',
    widthCm: 50,
    heightCm: 40,
    material: 'POSTER',
    photoCount: 1,
    savedAt: 1_700_000_000_000,
  },
};

describe('draft records read from storage', () => {
  it('accepts a well-formed record and refuses other versions, damaged photos, duplicates and unknown materials', () => {
    expect(readDraftRecord(structuredClone(record))).toEqual(record);
    const photo = record.photos[0]!;
    const damaged: unknown[] = [
      null,
      'draft',
      { ...record, version: 2 },
      { ...record, key: '' },
      { ...record, savedId: 7 },
      { ...record, xml: undefined },
      { ...record, photos: [{ ...photo, source: 'camera' }] },
      { ...record, photos: [{ ...photo, webWidth: Number.NaN }] },
      { ...record, photos: [{ ...photo, uid: '' }] },
      { ...record, photos: [photo, photo] },
      { ...record, summary: { ...record.summary, material: 'WOOD' } },
      { ...record, summary: undefined },
    ];
    for (const value of damaged) expect(readDraftRecord(value)).toBeNull();
  });

  it('keeps only well-formed index entries, one per key', () => {
    expect(readDraftIndex(undefined)).toEqual([]);
    expect(
      readDraftIndex([
        { key: 'new', savedAt: 1 },
        { key: '', savedAt: 2 },
        { key: '7', savedAt: -1 },
        'x',
        { key: 'new', savedAt: 3 },
        { key: '7', savedAt: 4 },
      ]),
    ).toEqual([
      { key: 'new', savedAt: 3 },
      { key: '7', savedAt: 4 },
    ]);
  });

  it('reads blobs only as Blobs', () => {
    const web = new Blob(['w']);
    expect(readDraftBlobs({ web, file: 'not a file' })).toEqual({ web, file: null });
    expect(readDraftBlobs(undefined)).toEqual({ web: null, file: null });
  });
});
