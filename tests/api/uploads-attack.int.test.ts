import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { MAX_IMAGE_BYTES } from '../../infrastructure/files';
import { createTestApp, type TestApp } from '../support/test-app';
import { as, type TestUser } from '../support/users';

// Uploaded images (organisation logos, avatars; issue 7 "Security"): the kind is read from the bytes, never from the
// data URL's declared type; scripts, pages and SVG are refused whatever they are called, also behind an image's magic
// bytes; files over 2 MB are refused; a served file carries the checked type and `nosniff`.

/** A real PNG of `width`×`height` (grey, uncompressed rows; `padding` bytes of text chunk to reach a size). */
function png(width = 1, height = 1, padding = 0): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding > 0 ? [chunk('tEXt', Buffer.alloc(padding, 0x61))] : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataUrl = (declared: string, content: Buffer | string) => `data:${declared};base64,${Buffer.from(content).toString('base64')}`;
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><script>window.__pwned=1</script></svg>';

/** Files dressed up as images: refused, whatever the declared type says. */
const disguised: [string, string][] = [
  ['a PHP script declared as PNG', dataUrl('image/png', '<?php system($_GET["c"]); ?>')],
  ['an HTML page declared as JPEG', dataUrl('image/jpeg', '<!doctype html><script>alert(1)</script>')],
  ['an SVG with script declared as PNG', dataUrl('image/png', svg)],
  ['an SVG with script declared as SVG', dataUrl('image/svg+xml', svg)],
  ['an HTML page behind the PNG signature', dataUrl('image/png', Buffer.concat([pngSignature, Buffer.from('<html><script>alert(1)</script></html>')]))],
  ['a script behind the GIF signature', dataUrl('image/gif', 'GIF89a<script>alert(1)</script>')],
  ['a script in a RIFF container that is no WebP', dataUrl('image/webp', Buffer.concat([Buffer.from('RIFF\x20\x00\x00\x00WEBPJUNK', 'latin1'), Buffer.alloc(20)]))],
  ['a PE executable declared as PNG', dataUrl('image/png', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(60)]))],
  ['an empty image', 'data:image/png;base64,'],
  ['a text data URL', dataUrl('text/html', '<script>alert(1)</script>')],
  ['a URL instead of data', 'https://evil.example/logo.png'],
];

let t: TestApp;
let customer: TestUser;
let customerDetails: Record<string, unknown>;

type Upload = { name: string; send: (image: string) => Promise<LightMyRequestResponse>; field: string; limit: number };
let uploads: Upload[];

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.createUser({ userType: 'customer' });
  const me = (await t.app.inject(as(customer, { method: 'GET', url: '/v1/users/me' }))).json();
  customerDetails = { first_name: me.first_name, last_name: me.last_name, country_code: me.country_code, mobile_number: me.mobile_number };
  const organisation = (name: string) => ({ name, abbreviation: 'UPL', organisation_type: 'broker' });
  let n = 0;
  uploads = [
    {
      name: 'an organisation logo (POST /v2/products/{id}/organisations)',
      field: 'organisation.logo',
      limit: Math.ceil(MAX_IMAGE_BYTES * 1.4) + 64 * 1024,
      send: (logo) => t.asAdmin({ method: 'POST', url: `/v2/products/${homeLoanProduct.uuid}/organisations`, payload: { organisation: { ...organisation(`Upload Test ${++n}`), logo } } }),
    },
    {
      name: 'the own avatar (PATCH /v1/users/me)',
      field: 'user.avatar',
      limit: Math.ceil(MAX_IMAGE_BYTES * 1.4) + 64 * 1024,
      send: (avatar) => t.app.inject(as(customer, { method: 'PATCH', url: '/v1/users/me', payload: { user: { ...customerDetails, avatar } } })),
    },
    {
      name: "an admin's change of an avatar (PATCH /v1/users/{id})",
      field: 'user.avatar',
      limit: Math.ceil(MAX_IMAGE_BYTES * 1.4) + 64 * 1024,
      send: (avatar) => t.asAdmin({ method: 'PATCH', url: `/v1/users/${customer.id}`, payload: { user: { avatar } } }),
    },
  ];
}, 60_000);
afterAll(async () => {
  await t.close();
});

const fileCount = async () => Number((await sql<{ n: string }>`select count(*)::text as n from files`.execute(t.database.db)).rows[0]!.n);

async function expectRefusedUpload(upload: Upload, image: string, status: number, message?: string): Promise<void> {
  const [events, files] = [await t.eventCount(), await fileCount()];
  const response = await upload.send(image);
  expect(response.statusCode, `${upload.name}: ${response.body.slice(0, 200)}`).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  if (message) expect(response.json().errors?.[upload.field], upload.name).toContain(message);
  expect(await t.eventCount()).toBe(events);
  expect(await fileCount()).toBe(files);
}

describe('uploads', () => {
  it('refuse scripts, pages, SVG and executables whatever type they declare, on every upload route', async () => {
    for (const upload of uploads) for (const [, image] of disguised) await expectRefusedUpload(upload, image, 422, 'Only images are allowed!');
  });

  it('refuse an image over 2 MB (422 with the spec text) and a body over the route limit (413), writing nothing', async () => {
    const justOver = png(1, 1, MAX_IMAGE_BYTES);
    expect(justOver.byteLength).toBeGreaterThan(MAX_IMAGE_BYTES);
    for (const upload of uploads) {
      await expectRefusedUpload(upload, dataUrl('image/png', justOver), 422, 'The image must be smaller than 2 MB.');
      await expectRefusedUpload(upload, dataUrl('image/png', png(1, 1, Math.ceil(upload.limit * 0.76))), 413);
    }
  });

  it('store a real image under the type its bytes have, and serve it with that type and nosniff', async () => {
    const image = png(3, 2);
    // Declared as JPEG, but the bytes are a PNG: the bytes win.
    const created = await uploads[0]!.send(dataUrl('image/jpeg', image));
    expect(created.statusCode, created.body).toBeLessThan(300);
    // Files are stored by the hash of their content; 202 (the read model lagged) answers no organisation to read it from.
    const logo = `/files/${createHash('sha256').update(image).digest('hex').slice(0, 40)}`;
    if (created.statusCode === 201) expect(created.json().logo.original).toBe(logo);
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("script-src 'self'");
    expect(served.rawPayload.equals(image)).toBe(true);
    // A just-under-2-MB image is fine too.
    const large = await uploads[1]!.send(dataUrl('image/png', png(1, 1, MAX_IMAGE_BYTES - 200)));
    expect(large.statusCode, large.body.slice(0, 200)).toBeLessThan(300);
  });

  it('answer a file id that is no id, or unknown, with 404 problem+json', async () => {
    for (const url of ['/files/..%2F..%2Fetc%2Fpasswd', `/files/${'0'.repeat(40)}`, "/files/' or 1=1 --", '/files/%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });
});
