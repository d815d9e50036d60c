import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { problem, sendProblem } from './problem';

/** Paths that belong to the API; any other path without a file extension (or asked for as HTML) is a UI route. */
const API_PREFIXES = ['/v1/', '/v2/', '/v3/', '/v4/', '/v5/', '/oauth/', '/files/', '/health', '/docs'];
export const WEB_ROOT = path.resolve(import.meta.dirname, '../dist/web');

/** Vite names the files under assets/ by their content's hash: a changed file gets a new name, so a copy never goes stale. */
const HASHED_ASSETS = `assets${path.sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built UI (dist/web, docs/operations.md "The UI build"): files as the build wrote them, brotli or gzip copies
 * when the browser accepts them, and index.html for every UI path (`/` included, whatever the Accept header), so
 * the client router shows the page. Without a build the process serves the API only.
 */
export async function registerWebUi(app: FastifyInstance): Promise<void> {
  const hasWeb = existsSync(path.join(WEB_ROOT, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_ROOT,
      // Files of a UI rebuilt while the server runs are served too; misses fall through to the handler below.
      wildcard: true,
      index: false,
      // Only file paths: a directory (`/` above all) would answer 403 before the UI's fallback.
      allowedPath: (pathname) => path.extname(pathname) !== '',
      preCompressed: true,
      cacheControl: false,
      // index.html names the current hashed files, so the browser asks for it each time (a 304 when unchanged).
      setHeaders: (reply, file) => reply.header('cache-control', path.relative(WEB_ROOT, file).startsWith(HASHED_ASSETS) ? IMMUTABLE : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A browser's navigation asks for HTML, also where the last part of the path has a dot in it.
    const looksLikePage = path.extname(pathname) === '' || (request.headers.accept ?? '').includes('text/html');
    const isUiPath = !API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) && looksLikePage;
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && isUiPath) return reply.sendFile('index.html');
    return sendProblem(reply, problem(404, 'NOT_FOUND', `No route for ${request.method} ${pathname}.`));
  });
}
