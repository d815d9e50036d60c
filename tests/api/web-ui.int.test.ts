import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../api/web-ui';
import { createTestApp, type TestApp } from '../support/test-app';

// The built UI as the API process serves it (npm test builds it first): every UI path answers the page, files come
// compressed and cached for good, API paths keep their problems (docs/operations.md "The UI build").

let t: TestApp;
const indexHtml = readFileSync(path.join(WEB_ROOT, 'index.html'), 'utf8');
/** The JavaScript the first page loads before anything else: the entry and the chunks it preloads. */
const firstPageScripts = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
const entryScript = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)![1]!;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the UI', () => {
  it('answers the page at / whatever the Accept header (the log-in page or the dashboard is the UI router\'s choice)', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*', 'application/json', undefined]) {
      const page = await get('/', accept ? { accept } : {});
      expect(page.statusCode, `accept ${accept}`).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
      // index.html names the current hashed files: asked again every time.
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the page at every deep UI path, compressed when the browser accepts it', async () => {
    for (const url of ['/post/123', '/organisation/123/edit', '/login?redirect=%2Fhome', '/create-post/step-3']) {
      const page = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(indexHtml);
    }
    // A dot in the last part of a path (an e-mail address, say) is still a page for a browser.
    const dotted = await get('/users/someone@example.com', { accept: 'text/html,application/xhtml+xml' });
    expect(dotted.statusCode).toBe(200);
    expect(dotted.headers['content-type']).toContain('text/html');
    const head = await t.app.inject({ method: 'HEAD', url: '/deals' });
    expect(head.statusCode).toBe(200);
  });

  it('sends a hashed file brotli- or gzip-compressed as asked, cached for a year', async () => {
    const original = readFileSync(path.join(WEB_ROOT, entryScript));
    const br = await get(entryScript, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await get(entryScript, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await get(entryScript);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('keeps the first page under 300 kB of gzipped JavaScript (docs/performance.md "The first page")', () => {
    expect(firstPageScripts).toContain(entryScript);
    const gzipped = firstPageScripts.reduce((sum, file) => sum + statSync(path.join(WEB_ROOT, `${file}.gz`)).size, 0);
    expect(gzipped).toBeLessThan(300_000);
  });

  it('answers a missing file with 404, not the page', async () => {
    const missing = await get('/assets/index-missing.js', { accept: '*/*' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });
});

describe('API paths', () => {
  it('keep their problem+json 404, even when a browser asks for HTML', async () => {
    for (const url of ['/v1/nothing-here', '/v2/nothing/here', '/oauth/nothing', '/files/nothing']) {
      const answer = await get(url, { accept: 'text/html' });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('are not the page for other methods either', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/post/123', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toContain('application/problem+json');
  });
});
