import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, MSG } from '@svp/shared';
import { sendError } from './error-handler.js';

/** Every file of the build, as the URL path that names it ("/assets/index-abc.js"), read once at start-up. */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    // Precompressed copies are sent in place of their file; dotfiles (the build's stamp) are the build's own notes.
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith('.')) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    files.add('/' + relative.split(path.sep).join('/'));
  }
  return files;
}

/**
 * Serves the built SPA from one public route: a path naming a file of the build gets that file (hashed
 * assets cached for a year, the rest revalidated, precompressed copies preferred), any other page path gets
 * index.html and the SPA routes it. Only files listed at start-up are ever sent, so no spelling of a path
 * reaches outside the build. GET and HEAD alike (HEAD health checks on pages). Paths in the API's namespace,
 * in any letter case, never get the page: they answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) return;
  const files = listFiles(webDist);
  const apiNamespace = API_PREFIX.split('/')[1]!.toLowerCase();
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    // The build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs); sent when accepted.
    preCompressed: true,
    // Caching is decided per file below (send's own header would override it).
    cacheControl: false,
  });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.split('/')[1]?.toLowerCase() === apiNamespace) {
      return sendError(reply, 'NOT_FOUND', MSG.common.notFound);
    }
    // Hashed assets never change under their name; anything else is revalidated so a deploy shows at once.
    const file = files.has(pathname) && pathname !== '/index.html' ? pathname.slice(1) : 'index.html';
    reply.header('cache-control', file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.sendFile(file);
  });
}
