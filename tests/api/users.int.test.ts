import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { createTestApp, type TestApp } from '../support/test-app';

// The admin reviews pending providers (spec 2 §4, §5): approve into a known organisation, or reject with a message.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signUp(email: string, organisation_uuid: string | null) {
  const response = await t.asAdmin({
    method: 'POST',
    url: '/v1/users',
    payload: {
      user: {
        first_name: 'Pat',
        last_name: 'Provider',
        email,
        password: 'Harbour-Bank-9',
        country_code: '61',
        mobile_number: '0412345678',
        organisation_uuid,
        organisation_name: 'Harbour Bank',
        provider_type: 'broker',
        membership_type: 'MFAA',
        membership_value: '123456',
        acl_number: '654321',
      },
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().uuid as string;
}

const review = (id: string, payload: Record<string, unknown>) => t.asAdmin({ method: 'PATCH', url: `/v1/users/${id}/review`, payload });
const login = (username: string) => t.asAdmin({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username, password: 'Harbour-Bank-9' } });

describe('pending providers', () => {
  it('are listed for review, searchable, sorted by full name', async () => {
    await signUp('list-a@harbour.example', null);
    await signUp('list-b@harbour.example', null);
    const list = await t.asAdmin({ method: 'GET', url: '/v1/users?filter[user_type]=fsp&filter[status]=pending&filter[search]=list-&count=10' });
    expect(list.statusCode).toBe(200);
    expect(list.json().total_records).toBe(2);
    expect(list.json().result.map((u: { email: string }) => u.email).sort()).toEqual(['list-a@harbour.example', 'list-b@harbour.example']);
  });

  it("are not approved while their organisation isn't in the database, then approved into a known one and may log in", async () => {
    const id = await signUp('approve@harbour.example', null);
    const before = await t.eventCount();
    const refused = await review(id, { status: 'approved' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      detail: "Organisation isn't in our database!",
      errors: { organisation_uuid: ['Create a new organisation or replace it with an existing one'] },
    });
    expect(await t.eventCount()).toBe(before);

    const organisation = await t.asAdmin({
      method: 'POST',
      url: `/v2/products/${homeLoanProduct.uuid}/organisations`,
      payload: { organisation: { name: 'Harbour Brokers', organisation_type: 'broker' } },
    });
    const approved = await review(id, { status: 'approved', organisation_uuid: organisation.json().uuid });
    expect(approved.statusCode).toBe(200);
    // The provider typed 'Harbour Bank' at sign-up; the organisation chosen at approval is the one shown from now on.
    expect(approved.json()).toMatchObject({ status: 'approved', fsp: { organisation: { uuid: organisation.json().uuid, name: 'Harbour Brokers' } } });
    expect((await login('approve@harbour.example')).statusCode).toBe(200); // on to the profile activation screen

    const again = await review(id, { status: 'rejected', message: 'Too late' });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('PROVIDER_NOT_PENDING');
  });

  it('are rejected only with a message, and then cannot log in', async () => {
    const id = await signUp('reject@harbour.example', null);
    const blank = await review(id, { status: 'rejected', message: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.message).toEqual(['The message is required.']);
    const rejected = await review(id, { status: 'rejected', message: 'We could not verify your ACL number.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    expect((await login('reject@harbour.example')).statusCode).toBe(403);
  });

  it('answers unknown users and bad input without writing anything', async () => {
    const before = await t.eventCount();
    expect((await review('00000000-0000-4000-8000-000000000000', { status: 'rejected', message: 'x' })).statusCode).toBe(404);
    expect((await review('not-a-uuid', { status: 'rejected', message: 'x' })).statusCode).toBe(404);
    expect((await review('00000000-0000-4000-8000-000000000000', { status: 'active' })).statusCode).toBe(422);
    expect((await review('00000000-0000-4000-8000-000000000000', { status: 'approved', organisation_uuid: 'nope' })).statusCode).toBe(422);
    expect((await t.asAdmin({ method: 'GET', url: '/v1/users?filter[search]=%27%3B%20drop%20table%20users' })).statusCode).toBe(422);
    expect((await t.asAdmin({ method: 'GET', url: '/v1/users?sorting[password_hash]=asc' })).statusCode).toBe(422);
    expect(await t.eventCount()).toBe(before);
  });
});
