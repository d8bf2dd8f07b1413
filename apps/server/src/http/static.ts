import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is revalidated so a
 * deploy is picked up at once. Unknown non-API GETs get index.html and the SPA routes them. Compressed
 * copies made at build time are preferred when the browser accepts them.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs); sent when accepted.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}
