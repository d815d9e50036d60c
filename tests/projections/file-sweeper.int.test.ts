import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { storeImage } from '../../infrastructure/files';
import { sweepUnusedFiles, UNUSED_FILE_GRACE_MINUTES } from '../../projections/files/file-sweeper';
import { taggedPngDataUrl as image } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';
import { provider, validBid } from '../support/trade';
import { multipartFile, pdfFile } from '../support/uploads';
import { as } from '../support/users';

// Avatars, logos and PDFs no one shows any more are deleted (docs/personal-data.md "Avatars and logos",
// docs/bid-templates.md "Documents"): a deleted user's avatar, a replaced one, an upload no command used; never one a
// user, organisation or template still shows, nor one stored within the grace period.

let t: TestApp;
let organisationId: string;
beforeAll(async () => {
  t = await createTestApp();
  const organisation = await t.asAdmin({
    method: 'POST',
    url: `/v2/products/${homeLoanProduct.uuid}/organisations`,
    payload: { organisation: { name: 'Harbour Brokers', organisation_type: 'broker', logo: image('logo') } },
  });
  expect(organisation.statusCode, organisation.body).toBe(201);
  organisationId = organisation.json().uuid;
});
afterAll(async () => {
  await t.close();
});


const afterGrace = () => new Date(Date.now() + (UNUSED_FILE_GRACE_MINUTES + 1) * 60_000);
const sweep = () => sweepUnusedFiles(t.database.db, t.store, afterGrace());
const fileStatus = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

async function providerWithAvatar(avatar: string): Promise<{ id: string; avatarUrl: string }> {
  const provider = await t.createUser({ userType: 'fsp', organisationUuid: organisationId });
  const response = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${provider.id}`, payload: { user: { avatar } } });
  expect(response.statusCode, response.body).toBe(200);
  return { id: provider.id, avatarUrl: response.json().avatar_url };
}

describe('the sweep of unused files', () => {
  it("deletes a deleted user's avatar and keeps the avatars and logos still shown", async () => {
    const doomed = await providerWithAvatar(image('doomed'));
    const kept = await providerWithAvatar(image('kept'));
    const logoUrl = (await t.asAdmin({ method: 'GET', url: `/v2/organisations/${organisationId}` })).json().logo.original;
    expect(await fileStatus(doomed.avatarUrl)).toBe(200);

    const deleted = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${doomed.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await sweep()).toBeGreaterThanOrEqual(1);

    expect(await fileStatus(doomed.avatarUrl)).toBe(404);
    expect(await fileStatus(kept.avatarUrl)).toBe(200);
    expect(await fileStatus(logoUrl)).toBe(200);
  });

  it('keeps an image another user still shows, and deletes a replaced avatar', async () => {
    const shared = image('shared');
    const leaving = await providerWithAvatar(shared);
    const staying = await providerWithAvatar(shared);
    expect(staying.avatarUrl).toBe(leaving.avatarUrl);
    const replaced = await providerWithAvatar(image('before'));
    const replacement = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${replaced.id}`, payload: { user: { avatar: image('after') } } });
    expect(replacement.statusCode).toBe(200);

    expect((await t.asAdmin({ method: 'DELETE', url: `/v1/users/${leaving.id}` })).statusCode).toBe(204);
    await sweep();

    expect(await fileStatus(staying.avatarUrl)).toBe(200);
    expect(await fileStatus(replaced.avatarUrl)).toBe(404);
    expect(await fileStatus(replacement.json().avatar_url)).toBe(200);
  });

  it('keeps the PDFs a template links to, and deletes one a new upload replaced', async () => {
    const bidder = await provider(t);
    const { home_loan_bid_template_uuid: _none, ...bid } = validBid(bidder.organisationUuid);
    const created = await t.app.inject(as(bidder, { method: 'POST', url: '/v4/home_loan_bid_templates', payload: { home_loan_bid_template: { ...bid, name: 'With documents' } } }));
    expect(created.statusCode, created.body).toBe(201);
    const upload = async (path: string, tag: string) => {
      const response = await t.app.inject(as(bidder, { method: 'POST', url: `/v3/home_loan_bid_templates/${created.json().uuid}/${path}`, ...multipartFile(pdfFile(tag)) }));
      expect(response.statusCode, response.body).toBe(200);
      return response.json().home_loan_bid_template as { key_fact_sheets: string; product_disclosure_statement: string };
    };
    const replaced = (await upload('key_fact_sheets', 'first key facts')).key_fact_sheets;
    await upload('key_fact_sheets', 'second key facts');
    const linked = await upload('product_disclosure_statements', 'disclosure');
    await sweep();
    expect(await fileStatus(replaced)).toBe(404);
    expect(await fileStatus(linked.key_fact_sheets)).toBe(200);
    expect(await fileStatus(linked.product_disclosure_statement)).toBe(200);
  });

  it('leaves a file stored within the grace period, and an old unused file stored again', async () => {
    const fresh = await storeImage(t.database.db, image('fresh'));
    if (!fresh.ok) throw new Error('not stored');
    // Within the grace period: the command that shows it may not be in the read models yet.
    await sweepUnusedFiles(t.database.db, t.store, new Date());
    expect(await fileStatus(`/files/${fresh.id}`)).toBe(200);
    await sweep();
    expect(await fileStatus(`/files/${fresh.id}`)).toBe(404);

    // An unused file stored long ago and uploaded again now counts from now.
    const again = await storeImage(t.database.db, image('again'));
    if (!again.ok) throw new Error('not stored');
    await sql`update files set stored_at = ${new Date(Date.now() - 86_400_000)} where id = ${again.id}`.execute(t.database.db);
    await storeImage(t.database.db, image('again'));
    await sweepUnusedFiles(t.database.db, t.store, new Date(Date.now() + 60_000));
    expect(await fileStatus(`/files/${again.id}`)).toBe(200);
  });
});
