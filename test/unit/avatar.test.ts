/**
 * Avatar normalisation (server/modules/profile/avatar.ts): content-checked, 256x256 WebP, upright,
 * without metadata, first frame of an animation.
 */
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/lib/errors';
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, AVATAR_TEXTS, IMAGE_JOBS, imageJobs, normaliseAvatar } from '../../server/modules/profile/avatar';

async function fileError(input: Buffer): Promise<unknown> {
  return normaliseAvatar(input).then(
    () => undefined,
    (e: unknown) => e,
  );
}

/** A 200x200 image, left half red, right half blue. */
function halves(): Sharp {
  const raw = Buffer.alloc(200 * 200 * 3);
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 200; x++) raw.set(x < 100 ? [255, 0, 0] : [0, 0, 255], (y * 200 + x) * 3);
  }
  return sharp(raw, { raw: { width: 200, height: 200, channels: 3 } });
}

async function pixel(webp: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

const isRed = (p: number[]) => p[0] > 200 && p[2] < 60;
const isBlue = (p: number[]) => p[2] > 200 && p[0] < 60;

describe('normaliseAvatar', () => {
  it('re-encodes to a 256x256 WebP', async () => {
    const out = await normaliseAvatar(await halves().resize(300, 120).png().toBuffer());
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('applies the EXIF orientation, then drops the metadata', async () => {
    // Orientation 6: the camera was turned; viewers rotate 90° clockwise, so the left (red) half goes on top.
    const input = await halves().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const out = await normaliseAvatar(input);
    expect(isRed(await pixel(out, 128, 20))).toBe(true);
    expect(isBlue(await pixel(out, 128, 235))).toBe(true);
    const meta = await sharp(out).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('keeps the first frame of an animated GIF', async () => {
    const red = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const blue = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0000ff' } }).png().toBuffer();
    const gif = await sharp([red, blue], { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const out = await normaliseAvatar(gif);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ width: 256, height: 256 });
    expect(meta.pages ?? 1).toBe(1);
    expect(isRed(await pixel(out, 128, 128))).toBe(true);
  });

  it('refuses an empty file, a file over 2 MB, and what is not a JPEG/PNG/WebP/GIF image', async () => {
    const cases: Array<[Buffer, string]> = [
      [Buffer.alloc(0), AVATAR_TEXTS.missing],
      [Buffer.alloc(AVATAR_MAX_BYTES + 1), AVATAR_TEXTS.tooBig],
      [Buffer.from('plain text'), AVATAR_TEXTS.badType],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'), AVATAR_TEXTS.badType],
      [await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).tiff().toBuffer(), AVATAR_TEXTS.badType],
      [(await halves().png().toBuffer()).subarray(0, 200), AVATAR_TEXTS.badType],
    ];
    for (const [input, message] of cases) {
      const err = await fileError(input);
      expect(err, message).toBeInstanceOf(AppError);
      expect(err, message).toMatchObject({ statusCode: 422, message, errors: { file: [message] } });
    }
  });

  it('refuses more than 25 million pixels (a 7000 x 7000 PNG of a few hundred KB)', async () => {
    expect(AVATAR_MAX_PIXELS).toBe(25_000_000);
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } }).png().toBuffer();
    const err = await fileError(bomb);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 422, errors: { file: [AVATAR_TEXTS.tooManyPixels] } });
    expect(AVATAR_TEXTS.tooManyPixels).toBe("L’image ne doit pas dépasser 25 millions de pixels (par exemple 5000 × 5000).");
    // 5000 x 5000 is at the limit: accepted.
    const edge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(await sharp(await normaliseAvatar(edge)).metadata()).toMatchObject({ width: 256, height: 256 });
  });

  it('runs at most IMAGE_JOBS (2) image jobs at once, the others wait their turn', async () => {
    expect(IMAGE_JOBS).toBe(2);
    const input = await halves().png().toBuffer();
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, imageJobs.activeCount)), 1);
    await Promise.all(Array.from({ length: 8 }, () => normaliseAvatar(input)));
    clearInterval(timer);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
    expect(imageJobs.activeCount + imageJobs.pendingCount).toBe(0);
  });
});
