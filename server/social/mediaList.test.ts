import { describe, expect, it } from 'vitest';
import { demoTimestamp } from '../../scripts/socialDev/photoService.js';
import { mediaPageOf, timestampOf } from './mediaList.js';

describe('the media list', () => {
  it("passes on each photo's date as ISO 8601, Instagram's +0000 zone included", () => {
    expect(timestampOf('2025-06-01T09:30:00+0000')).toBe('2025-06-01T09:30:00.000Z');
    expect(timestampOf('2025-06-01T11:30:00+02:00')).toBe('2025-06-01T09:30:00.000Z');
    expect(timestampOf(demoTimestamp(0))).toBe('2025-06-01T09:30:00.000Z');
    for (const bad of ['gisteren', '', 12, null, 'x'.repeat(60)])
      expect(timestampOf(bad)).toBeUndefined();
    const page = mediaPageOf({
      data: [
        {
          id: '1',
          media_type: 'IMAGE',
          media_url: 'https://cdn/1.jpg',
          timestamp: '2025-06-01T09:30:00+0000',
        },
        { id: '2', media_type: 'IMAGE', media_url: 'https://cdn/2.jpg', timestamp: 'soon' },
      ],
    });
    expect(page.data[0]!.timestamp).toBe('2025-06-01T09:30:00.000Z');
    expect(page.data[1]).not.toHaveProperty('timestamp');
  });
});
