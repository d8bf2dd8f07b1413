// After `vite build`: writes .br and .gz next to every text asset in dist/, so the server sends them
// compressed without spending CPU per request (@fastify/static `preCompressed`). Lighthouse flagged
// ~0.5-0.8 MB of uncompressed JS and CSS on the login page and the dashboard.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;

let files = 0;
for (const name of readdirSync(dist, { recursive: true })) {
  const file = join(dist, String(name));
  if (!TEXT.test(file) || statSync(file).size < 1024) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  files++;
}
console.log(`precompressed ${files} files (br, gz)`);
