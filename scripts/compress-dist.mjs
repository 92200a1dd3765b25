#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text asset of
// a dist folder, so the server sends compressed files by content negotiation without
// compressing per request (issue 20). Usage: node scripts/compress-dist.mjs <dist>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its extra request header costs. */
const MIN_BYTES = 1024;

const dist = path.resolve(process.argv[2] ?? 'dist');
let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size >= MIN_BYTES) {
      const raw = readFileSync(file);
      const br = brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      files += 1;
      before += raw.length;
      after += br.length;
    }
  }
}
walk(dist);
console.log(
  `compressed ${files} files in ${path.relative(process.cwd(), dist) || '.'}: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli`,
);
