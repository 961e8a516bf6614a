/**
 * On-the-fly compression of answers ("Nothing is compressed"): every route registered
 * after it compresses a compressible answer (JSON, text, HTML…) of `COMPRESS_THRESHOLD_BYTES` or more with
 * brotli (quality 4, @fastify/compress's default for live answers) or gzip, whichever `Accept-Encoding`
 * prefers, adding `Vary: Accept-Encoding`. Smaller answers, images (avatars) and answers that already
 * carry a `Content-Encoding` (the built front end's precompressed `.br` / `.gz` files) are sent as they are.
 * Request bodies are never decompressed: a `Content-Encoding` on a request changes nothing (its body is
 * parsed as sent, and a compressed JSON body is refused as malformed).
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this (bytes) are not worth compressing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Registers @fastify/compress on the root instance; call it before the routes it should cover. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
