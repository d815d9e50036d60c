import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../api/server';
import { homeLoanProduct } from '../../domain/product/products';
import { loadConfig } from '../../infrastructure/config';
import { createTestApp } from '../support/test-app';
import { countEvents, createTestDatabase, type TestDatabase } from '../support/test-database';

// The whole process as `npm start` runs it, on a real port.
let server: RunningServer;
let dataDir: string;
let serverDatabase: TestDatabase | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hla-server-'));
  serverDatabase = process.env.DATABASE_URL ? await createTestDatabase('server') : undefined;
  const config = loadConfig({ PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(serverDatabase?.url ? { DATABASE_URL: serverDatabase.url } : {}) });
  server = await startServer({ config });
});
afterAll(async () => {
  await server?.close().catch(() => {});
  await serverDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the running product', () => {
  it('is ready when it starts listening: every projection is live and reads answer at once', async () => {
    const emailCheck = await fetch(`${server.url}/v1/users/verify_email?email=first%40example.com`);
    expect(emailCheck.status).toBe(200);
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: 'ok', event_store: 'ok' });
    for (const name of ['organisations', 'users']) {
      expect(body.projections).toContainEqual(expect.objectContaining({ name, status: 'live', lag: 0 }));
    }
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.url}/v4/organisations`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('serves the OpenAPI document at /docs', async () => {
    const spec = await (await fetch(`${server.url}/docs/json`)).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/v4/organisations', '/v2/products/{id}/organisations', '/v2/organisations/{id}', '/v1/organisations/{id}', '/health']));
    expect((await fetch(`${server.url}/docs`)).status).toBe(200);
  });

  it('answers unknown API paths with a problem, and page routes with the UI', async () => {
    const api = await fetch(`${server.url}/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/problem+json');
    const page = await fetch(`${server.url}/organisation/123/edit`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe('graceful shutdown', () => {
  it('lets the requests it has received finish', async () => {
    const t = await createTestApp();
    // The count at this moment (eventCount() would wait for the requests' reactions, and so for the requests).
    const start = await countEvents(t.database.db);
    let received = 0;
    let allReceived!: () => void;
    const arrived = new Promise<void>((resolve) => (allReceived = resolve));
    t.app.addHook('onRequest', async () => {
      if (++received === 10) allReceived();
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sent = Array.from({ length: 10 }, (_, i) =>
      fetch(`${address}/v2/products/${homeLoanProduct.uuid}/organisations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...t.admin.headers },
        body: JSON.stringify({ organisation: { name: `Shutdown ${i}`, organisation_type: 'broker' } }),
      }),
    );
    await arrived;
    const before = await countEvents(t.database.db);
    const closing = t.close(); // the app first, then the projection runner, then the database
    const statuses = (await Promise.all(sent)).map((r) => r.status);
    await closing;
    expect(statuses.every((s) => s === 201 || s === 202)).toBe(true);
    expect(before - start).toBeLessThan(10); // some were still in flight when the shutdown began
  });
});
