import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createFaceMatcher, verdictOf } from './face-match.ts';
import { faces, sampleFace } from './test-support.ts';

describe('the server-side face match (issue 27)', () => {
  const matcher = createFaceMatcher();
  afterAll(() => matcher.close());

  it('matches the same face, refuses another one, and says when an image has no face', async () => {
    const guest = await sampleFace(...faces.guest);
    const stranger = await sampleFace(...faces.stranger);
    const same = verdictOf(await matcher.compare(guest, guest));
    expect(same).toMatchObject({ match: true, reason: 'match' });
    expect(same.score).toBeGreaterThan(0.9);
    const other = verdictOf(await matcher.compare(guest, stranger));
    expect(other).toMatchObject({ match: false, reason: 'mismatch' });
    expect(other.score).toBeLessThan(0.45);
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ccc' } })
      .jpeg()
      .toBuffer();
    expect(verdictOf(await matcher.compare(blank, guest))).toEqual({
      match: false,
      score: 0,
      reason: 'no_face_document',
    });
    expect(verdictOf(await matcher.compare(guest, blank)).reason).toBe('no_face_selfie');
  }, 120_000);

  it('refuses bytes that are no image without stopping the worker', async () => {
    await expect(matcher.compare(Buffer.from('not an image'), Buffer.from('x'))).rejects.toThrow();
    const guest = await sampleFace(...faces.guest);
    expect(verdictOf(await matcher.compare(guest, guest)).match).toBe(true);
  }, 120_000);
});
