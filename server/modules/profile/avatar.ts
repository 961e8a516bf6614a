/**
 * Avatar processing: JPEG, PNG, WebP or GIF up to 2 MB and
 * 25 million pixels, recognised by content (sharp decodes the bytes; the file name and declared type are
 * ignored), re-encoded to a 256x256 WebP so that metadata (EXIF, GPS, ICC comments) and any trailing
 * payload are dropped.
 *
 * Image bombs: a 7000x7000 PNG of one colour weighs a few hundred KB but about 150 MB decoded; sixteen of
 * them in parallel took the server from 410 MB to 1.16 GB. So the pixel count is read from the header and
 * refused above AVATAR_MAX_PIXELS before anything is decoded (sharp's `limitInputPixels` repeats the check
 * at decode time), the image work runs on a pool of IMAGE_JOBS jobs at a time, libvips uses one thread
 * per job, and its operation cache is off so that memory is given back after each image.
 */
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { fieldError } from '../../lib/errors';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Largest decoded image accepted: 25 million pixels (5000 x 5000). */
export const AVATAR_MAX_PIXELS = 25_000_000;
export const AVATAR_SIZE = 256;
/** Image jobs (decode + resize + encode) running at once; the others wait in line. */
export const IMAGE_JOBS = 2;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

export const AVATAR_TEXTS = {
  missing: 'Veuillez choisir une image.',
  tooBig: "L’image ne doit pas dépasser 2 Mo.",
  tooManyPixels: "L’image ne doit pas dépasser 25 millions de pixels (par exemple 5000 × 5000).",
  badType: "Le fichier doit être une image JPEG, PNG, WebP ou GIF.",
};

// One libvips thread per image and no operation cache: with IMAGE_JOBS jobs at most, memory stays bounded
// and is released after each image.
sharp.concurrency(1);
sharp.cache(false);

/** The pool every image job of the server goes through (exported for its test). */
export const imageJobs = pLimit(IMAGE_JOBS);

/**
 * Validates and re-encodes an uploaded image, on the image pool.
 * @param input - the uploaded bytes (already capped at 2 MB by the multipart limit)
 * @returns a 256x256 WebP (first frame of an animated GIF)
 * @throws AppError 422 errors.file when the bytes are not an accepted image or exceed 25 million pixels
 */
export async function normaliseAvatar(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw fieldError('file', AVATAR_TEXTS.missing);
  if (input.length > AVATAR_MAX_BYTES) throw fieldError('file', AVATAR_TEXTS.tooBig);
  return imageJobs(() => reencode(input));
}

async function reencode(input: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    // Reads the header only: nothing is decoded yet.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw fieldError('file', AVATAR_TEXTS.badType);
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw fieldError('file', AVATAR_TEXTS.badType);
  // For an animation `height` is one frame's (only the first frame is decoded).
  if ((meta.width ?? 0) * (meta.height ?? 0) > AVATAR_MAX_PIXELS) throw fieldError('file', AVATAR_TEXTS.tooManyPixels);
  try {
    return await sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message ?? '')) throw fieldError('file', AVATAR_TEXTS.tooManyPixels);
    throw fieldError('file', AVATAR_TEXTS.badType);
  }
}
