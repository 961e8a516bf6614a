/**
 * Avatar processing (issue 2 point 4): JPEG, PNG, WebP or GIF up to 2 MB, recognised by content
 * (sharp decodes the bytes; the file name and declared type are ignored), re-encoded to a 256x256
 * WebP so that metadata (EXIF, GPS, ICC comments) and any trailing payload are dropped.
 */
import sharp from 'sharp';
import { fieldError } from '../../http/errors';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

export const AVATAR_TEXTS = {
  missing: 'Veuillez choisir une image.',
  tooBig: "L'image ne doit pas dépasser 2 Mo.",
  badType: "Le fichier doit être une image JPEG, PNG, WebP ou GIF.",
};

/**
 * Validates and re-encodes an uploaded image.
 * @param input - the uploaded bytes (already capped at 2 MB by the multipart limit)
 * @returns a 256x256 WebP (first frame of an animated GIF)
 * @throws AppError 422 errors.file when the bytes are not an accepted image
 */
export async function normaliseAvatar(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw fieldError('file', AVATAR_TEXTS.missing);
  if (input.length > AVATAR_MAX_BYTES) throw fieldError('file', AVATAR_TEXTS.tooBig);
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw fieldError('file', AVATAR_TEXTS.badType);
  }
  if (!format || !ACCEPTED.has(format)) throw fieldError('file', AVATAR_TEXTS.badType);
  try {
    return await sharp(input, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw fieldError('file', AVATAR_TEXTS.badType);
  }
}
