import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataUrlToBlob, runLimited, serverPhotoFacts } from './serverPhotos';

describe('server photos', () => {
  it('runs every task once with never more than the limit at once, whatever fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ ms: fc.integer({ min: 0, max: 3 }), fails: fc.boolean() }), {
          maxLength: 25,
        }),
        fc.integer({ min: 1, max: 5 }),
        async (tasks, limit) => {
          let running = 0;
          let most = 0;
          const done: number[] = [];
          await runLimited(
            tasks.map((task, index) => ({ ...task, index })),
            limit,
            async (task) => {
              running += 1;
              most = Math.max(most, running);
              await new Promise((resolve) => setTimeout(resolve, task.ms));
              running -= 1;
              done.push(task.index);
              if (task.fails) throw new Error('read failed');
            },
          );
          expect(done.sort((a, b) => a - b)).toEqual(tasks.map((_, index) => index));
          expect(most).toBeLessThanOrEqual(limit);
          if (tasks.length >= limit) expect(most).toBe(limit);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("turns the file service's data URL into the bytes it carries, and refuses anything else", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const url = `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
        const blob = dataUrlToBlob(url);
        expect(blob.type).toBe('image/jpeg');
        expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
      }),
    );
    for (const bad of ['', 'data:image/jpeg,plain', 'http://x/y.jpg', 'data:image/jpeg;base64,@@@'])
      expect(() => dataUrlToBlob(bad)).toThrow();
  });

  it("reads the load answer's photo facts defensively: numeric ids, unknown types and rotations", () => {
    const facts = serverPhotoFacts({
      src: '/api/photo/7/web',
      orgWidth: 4000,
      orgHeight: 3000,
      webWidth: 0,
      webHeight: 0,
      id: 7 as unknown as string,
      type: 'instagram',
      unique: 'k.1',
      suggestedRotation: 45,
    });
    expect(facts).toEqual({
      serverId: '7',
      source: 'other',
      name: 'k.1',
      orgWidth: 4000,
      orgHeight: 3000,
      webWidth: 4000,
      webHeight: 3000,
      key: 'k.1',
      suggestedRotation: 0,
    });
    expect(
      serverPhotoFacts({
        src: '',
        orgWidth: 10,
        orgHeight: 10,
        webWidth: 10,
        webHeight: 10,
        id: '8',
        type: 'computer',
        unique: '',
        suggestedRotation: 270,
      }),
    ).toMatchObject({ source: 'computer', name: '8', suggestedRotation: 270 });
  });
});
