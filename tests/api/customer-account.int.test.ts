import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// The post wizard's customer (spec 2 §2, §7): an account without personal data when a visitor first saves, logged in
// by its user key, reaching only the wizard's calls, and completed at the overview with a verified mobile number.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Session = { id: string; headers: { authorization: string } };

async function newVisitor(): Promise<Session> {
  const created = await t.app.inject({ method: 'POST', url: '/v2/users', payload: { user: { user_type: 'customer' } } });
  expect(created.statusCode).toBe(201);
  const { uuid, user_key } = created.json();
  const tokens = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'user_key', user_key } });
  expect(tokens.statusCode).toBe(200);
  return { id: uuid, headers: { authorization: `Bearer ${tokens.json().access_token}` } };
}

const call = (who: Session, options: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }) => t.app.inject({ ...options, headers: who.headers });

async function verifyMobile(who: Session, mobile: string) {
  expect((await call(who, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '61', mobile_number: mobile } })).statusCode).toBe(202);
  const { rows } = await sql<{ text_body: string }>`
    select text_body from outbox_messages where data_subject = ${who.id} and template = 'phone-code' order by created_at desc limit 1`.execute(t.database.db);
  const code = /\b(\d{6})\b/.exec(rows[0]!.text_body)![1]!;
  const checked = await call(who, { method: 'GET', url: `/v1/users/phone_verification?country_code=61&mobile_number=${mobile}&verification_code=${code}` });
  expect(checked.statusCode).toBe(200);
}

const registration = (changes: Record<string, unknown> = {}) => ({
  operation: 'update',
  user: {
    first_name: 'Chloe',
    last_name: 'Jones',
    email: 'chloe.jones@example.com',
    country_code: '61',
    mobile_number: '0412345678',
    password: 'Harbour-Home-7',
    password_confirmation: 'Harbour-Home-7',
    ...changes,
  },
});

describe('a visitor of the post wizard', () => {
  it('gets an account without personal data and logs in with its key', async () => {
    const visitor = await newVisitor();
    const me = await call(visitor, { method: 'GET', url: '/v1/users/me' });
    expect(me.json()).toMatchObject({ uuid: visitor.id, user_type: 'customer', status: 'creating', email: null, first_name: null });
  });

  it('reaches only the wizard’s calls', async () => {
    const visitor = await newVisitor();
    expect((await call(visitor, { method: 'PATCH', url: '/v1/users/me', payload: { user: { first_name: 'Chloe' } } })).statusCode).toBe(403);
    expect((await call(visitor, { method: 'GET', url: `/v2/users/${visitor.id}/permissions` })).statusCode).toBe(403);
    expect((await call(visitor, { method: 'GET', url: '/v4/organisations' })).statusCode).toBe(403);
  });

  it('completes the account with a verified mobile number, then logs in with the password', async () => {
    const visitor = await newVisitor();
    const before = await t.eventCount();
    const unverified = await call(visitor, { method: 'PATCH', url: `/v2/users/${visitor.id}`, payload: registration() });
    expect(unverified.json()).toMatchObject({ status: 422, errors: { 'user.mobile_number': ['Please, verify the new mobile number first.'] } });
    expect(await t.eventCount()).toBe(before);

    await verifyMobile(visitor, '0412345678');
    const registered = await call(visitor, { method: 'PATCH', url: `/v2/users/${visitor.id}`, payload: registration() });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toMatchObject({ first_name: 'Chloe', last_name: 'Jones', email: 'chloe.jones@example.com', mobile_number: '0412345678', status: 'creating' });
    const login = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: 'chloe.jones@example.com', password: 'Harbour-Home-7' } });
    expect(login.statusCode).toBe(200);
  });

  it('changing the e-mail before the post is published frees the old one; a taken one is refused', async () => {
    const visitor = await newVisitor();
    await verifyMobile(visitor, '0412000111');
    const mobile = { mobile_number: '0412000111' };
    expect((await call(visitor, { method: 'PATCH', url: `/v2/users/${visitor.id}`, payload: registration({ ...mobile, email: 'first@example.com' }) })).statusCode).toBe(200);
    expect((await call(visitor, { method: 'PATCH', url: `/v2/users/${visitor.id}`, payload: registration({ ...mobile, email: 'second@example.com' }) })).statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/v1/users/verify_email?email=first@example.com' });
    expect(old.json().result).toBe('available');
    const taken = await call(visitor, { method: 'PATCH', url: `/v2/users/${visitor.id}`, payload: registration({ ...mobile, email: t.admin.email }) });
    expect(taken.json()).toMatchObject({ status: 422, errors: { 'user.email': ['takenEmail'] } });
  });

  it('refuses different passwords and bad fields with the spec messages', async () => {
    const visitor = await newVisitor();
    const send = (changes: Record<string, unknown>) => call(visitor, { method: 'PATCH', url: `/v2/users/${visitor.id}`, payload: registration(changes) });
    expect((await send({ password_confirmation: 'Other-Home-7' })).json().errors).toEqual({ 'user.password_confirmation': ['Passwords are different'] });
    expect((await send({ email: 'nope@' })).json().errors['user.email']).toEqual(['Invalid email format']);
    expect((await send({ password: 'short', password_confirmation: 'short' })).json().errors['user.password']).toContain('Should be at least 8 characters');
  });

  it('is not for a customer who already has an account', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const answer = await t.app.inject({ method: 'PATCH', url: `/v2/users/${customer.id}`, headers: customer.headers, payload: registration() });
    expect(answer.statusCode).toBe(403);
  });
});
