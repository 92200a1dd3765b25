import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/** Responses smaller than this go as they are: below ~1 KiB the headers outweigh the saving. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * On-the-fly compression of API answers (JSON) and the player site's index.html (issue 20).
 * - Brotli at quality 4, not the library's default 11: at 11 a 100 KiB list costs tens of
 *   milliseconds of the event loop per request; 4 keeps most of the gain (about gzip -9's size)
 *   for a few hundred microseconds. Gzip at level 6 for clients without brotli.
 * - The built assets are not compressed again: the build wrote .br/.gz copies
 *   (scripts/compress-dist.mjs) and @fastify/static sends them with a Content-Encoding, which
 *   the plugin leaves alone; images and fonts are not compressible types.
 * - WebSockets are untouched: an upgraded connection never goes through onSend.
 * - Request bodies are not inflated (`globalDecompression: false`): the API takes plain JSON,
 *   and accepting compressed uploads would only add a way to make the server inflate a bomb.
 */
export const compressionOptions: FastifyCompressOptions = {
  global: true,
  globalDecompression: false,
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
  zlibOptions: { level: 6 },
};
