import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { issueActivationCode, issuePasswordResetToken, passwordTag } from '../../infrastructure/identity-tokens';
import { outboxDb } from '../../infrastructure/outbox/outbox-table';
import { issueAccessToken, issueUserKey, newSessionId } from '../../infrastructure/tokens';
import { findUser } from '../../projections/users/queries';
import { expectRefused } from '../support/bad-input';
import { createTestApp, type TestApp } from '../support/test-app';
import { testPassword } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const publicUrl = 'http://localhost:3000'; // PUBLIC_URL's default with the default PORT
const newPassword = 'Coral-Reef-77';
let addressCounter = 0;
/** Each test from its own client address, so the per-address limits of one test do not reach another. */
const fromNewAddress = () => `10.1.0.${++addressCounter}`;

const signUp = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/users',
    payload: {
      user: {
        first_name: 'Jane',
        last_name: 'Citizen',
        email,
        password: testPassword,
        country_code: '61',
        mobile_number: '0412 345 678',
        organisation_uuid: null,
        organisation_name: 'Harbour Bank',
        provider_type: 'broker',
        membership_type: 'MFAA',
        membership_value: '123456',
        acl_number: '654321',
      },
    },
  });
const activate = (activation_code: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/users/activate', payload: { activation_code }, remoteAddress });
const resend = (email: string, remoteAddress: string) => t.app.inject({ method: 'GET', url: `/v1/users/activate?email=${encodeURIComponent(email)}`, remoteAddress });
const recover = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/v1/users/recover_password?email=${encodeURIComponent(email)}`, remoteAddress });
const setPassword = (token: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/users/temporary_password', payload: { token, password }, remoteAddress });
const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username, password } });

/** The user's mails of one template, oldest first, once at least `count` are there (the mail projection runs apart). */
async function mailsFor(userId: string, template: string, count = 1) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await outboxDb(t.database.db).selectFrom('outbox_messages').selectAll().where('data_subject', '=', userId).where('template', '=', template).orderBy('created_at').execute();
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The link in a mail, checked to start with the public URL and the path. */
function linkIn(text: string | null, path: string): URL {
  const match = text?.match(/https?:\/\/\S+/);
  expect(match, 'a link in the mail').toBeTruthy();
  const url = new URL(match![0]);
  expect(`${url.origin}${url.pathname}`).toBe(`${publicUrl}${path}`);
  return url;
}

async function signedUpProvider(email: string): Promise<string> {
  const response = await signUp(email);
  expect(response.statusCode).toBe(201);
  return response.json().uuid;
}

describe('activation', () => {
  it('mails a link on sign-up whose code activates the account, once or twice', async () => {
    const userId = await signedUpProvider('activate.me@harbour.example');
    const [mail] = await mailsFor(userId, 'activation');
    expect(mail).toMatchObject({ channel: 'email', recipient: 'activate.me@harbour.example', subject: 'Confirm your e-mail address for Home Loan Auction' });
    expect(mail!.text_body).toContain('Hi Jane,');
    expect(mail!.text_body).toContain('our team will review your account');
    const code = linkIn(mail!.text_body, '/activate').searchParams.get('code')!;

    const activated = await activate(code);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ user_type: 'fsp', status: 'pending' });
    expect(activated.headers['x-position']).toBeTruthy();
    const events = await t.eventCount();
    const again = await activate(code);
    expect(again.statusCode).toBe(200);
    expect(await t.eventCount()).toBe(events); // nothing new to record
    await expect.poll(async () => (await findUser(t.database.db, userId))?.email_verified).toBe(true);
  });

  it('refuses forged, expired, other kinds of token and unknown accounts, writing nothing', async () => {
    const userId = await signedUpProvider('not.yet@harbour.example');
    const key = t.secrets.accessTokenKey;
    const now = new Date();
    const message = 'This activation link is invalid or has expired. Please, ask for a new one.';
    const codes = {
      garbage: 'not-a-token',
      forged: await issueActivationCode(randomBytes(32), userId, now),
      expired: await issueActivationCode(key, userId, new Date(now.getTime() - 8 * 86_400_000)),
      'an access token': await issueAccessToken(key, { userId, userType: 'fsp', sessionId: newSessionId() }, now),
      'a user key': await issueUserKey(key, userId, now),
      'a password reset token': await issuePasswordResetToken(key, { userId, resetId: userId, passwordTag: passwordTag(null) }, now),
      'an unknown user': await issueActivationCode(key, '00000000-0000-4000-8000-000000000000', now),
    };
    for (const [name, code] of Object.entries(codes)) {
      await expectRefused(t, { name, method: 'POST', url: '/v1/users/activate', payload: JSON.stringify({ activation_code: code }), status: 422, field: 'activation_code', message });
    }
    for (const payload of ['{}', '{"activation_code": ""}', '{"activation_code": 42}', '{"activation_code": "x", "user_id": "y"}', '[]']) {
      await expectRefused(t, { name: payload, method: 'POST', url: '/v1/users/activate', payload, status: 422 });
    }
    expect((await findUser(t.database.db, userId))?.email_verified).toBe(false);
  });

  it('sends the mail again on request, answering alike for unknown and active addresses', async () => {
    const userId = await signedUpProvider('resend.me@harbour.example');
    const address = fromNewAddress();
    const before = await t.eventCount();
    const known = await resend('Resend.Me@harbour.example', address);
    expect(known.statusCode).toBe(200);
    expect(await t.eventCount()).toBe(before + 1);
    const mails = await mailsFor(userId, 'activation', 2);
    expect(mails).toHaveLength(2);
    expect((await activate(linkIn(mails[1]!.text_body, '/activate').searchParams.get('code'))).statusCode).toBe(200);

    const afterActivation = await t.eventCount();
    const active = await resend('resend.me@harbour.example', address);
    const unknown = await resend('nobody@harbour.example', address);
    for (const response of [active, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(known.json());
    }
    expect(await t.eventCount()).toBe(afterActivation);
  });

  it('limits requests per client address (429) and refuses a malformed address', async () => {
    const address = fromNewAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await resend(`someone${i}@harbour.example`, address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await resend('other@harbour.example', fromNewAddress())).statusCode).toBe(200); // another address is not slowed
    const bad = await resend('not-an-address', fromNewAddress());
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toContain('Invalid email format');

    const activations: number[] = [];
    const activationAddress = fromNewAddress();
    for (let i = 0; i < 21; i++) activations.push((await activate('x', activationAddress)).statusCode);
    expect(activations.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(activations[20]).toBe(429);
  });
});

describe('password recovery', () => {
  it('mails a one-hour link; the new password logs in, the old one and its sessions die, and the link works once', async () => {
    const user = await t.createUser({ userType: 'fsp' });
    const session = (await login(user.email, testPassword)).json().refresh_token as string;
    const before = await t.eventCount();
    const asked = await recover(user.email, fromNewAddress());
    expect(asked.statusCode).toBe(200);
    expect(await t.eventCount()).toBe(before + 1);
    const [mail] = await mailsFor(user.id, 'password-recovery');
    expect(mail).toMatchObject({ recipient: user.email, subject: 'Reset your Home Loan Auction password' });
    const token = linkIn(mail!.text_body, '/recover-password').searchParams.get('token')!;

    const weak = await setPassword(token, 'short');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toContain('Should be at least 8 characters');

    const changed = await setPassword(token, newPassword);
    expect(changed.statusCode).toBe(200);
    expect((await login(user.email, newPassword)).statusCode).toBe(200);
    expect((await login(user.email, testPassword)).statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: session } });
    expect(refreshed.statusCode).toBe(403);

    const events = await t.eventCount();
    const reused = await setPassword(token, 'Another-Pass-88');
    expect(reused.statusCode).toBe(422);
    expect(Object.keys(reused.json().errors)).toEqual(['token']);
    expect(await t.eventCount()).toBe(events);
  });

  it('answers alike for an unknown address and writes nothing', async () => {
    const known = await t.createUser({ userType: 'customer' });
    const address = fromNewAddress();
    const first = await recover(known.email, address);
    const before = await t.eventCount();
    const unknown = await recover('nobody.here@harbour.example', address);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(first.json());
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses forged, expired, other kinds and stale tokens, writing nothing', async () => {
    const user = await t.createUser({ userType: 'admin' });
    const row = await findUser(t.database.db, user.id);
    const key = t.secrets.accessTokenKey;
    const now = new Date();
    const reset = { userId: user.id, resetId: '3f0c1c77-5d0b-4a39-8f59-2f3a3a8d6c01', passwordTag: passwordTag(row!.password_hash) };
    const message = 'This password reset link is invalid, has expired or was already used. Please, ask for a new one.';
    const tokens = {
      garbage: 'not-a-token',
      forged: await issuePasswordResetToken(randomBytes(32), reset, now),
      expired: await issuePasswordResetToken(key, reset, new Date(now.getTime() - 61 * 60_000)),
      'made for an older password': await issuePasswordResetToken(key, { ...reset, passwordTag: passwordTag('$argon2id$old') }, now),
      'an activation code': await issueActivationCode(key, user.id, now),
      'an access token': await issueAccessToken(key, { userId: user.id, userType: 'admin', sessionId: newSessionId() }, now),
    };
    for (const [name, token] of Object.entries(tokens)) {
      await expectRefused(t, { name, method: 'POST', url: '/v1/users/temporary_password', payload: JSON.stringify({ token, password: newPassword }), status: 422, field: 'token', message });
    }
    const valid = await issuePasswordResetToken(key, reset, now);
    const cases = [
      { payload: { token: valid }, field: 'password', message: 'This field is required' },
      { payload: { token: valid, password: 'has spaces 1A' }, field: 'password', message: 'Should not contain spaces' },
      { payload: { token: valid, password: 'alllowercase' }, field: 'password' },
      { payload: { password: newPassword }, field: 'token', message: 'This field is required' },
      { payload: { token: valid, password: newPassword, user_id: user.id }, field: 'user_id' },
    ];
    for (const c of cases) {
      await expectRefused(t, { name: c.field, method: 'POST', url: '/v1/users/temporary_password', payload: JSON.stringify(c.payload), status: 422, field: c.field, ...(c.message ? { message: c.message } : {}) });
    }
    expect((await login(user.email, testPassword)).statusCode).toBe(200); // untouched
  });
});

describe('review mails', () => {
  it('tells an approved provider to log in, and a rejected one the admin message', async () => {
    const organisation = await t.asAdmin({
      method: 'POST',
      url: `/v2/products/${homeLoanProduct.uuid}/organisations`,
      payload: { organisation: { name: 'Review Bank', organisation_type: 'financial_institution', category: 'big_four_banks' } },
    });
    const approvedId = await signedUpProvider('approve.me@harbour.example');
    const rejectedId = await signedUpProvider('reject.me@harbour.example');
    expect((await t.asAdmin({ method: 'PATCH', url: `/v1/users/${approvedId}/review`, payload: { status: 'approved', organisation_uuid: organisation.json().uuid } })).statusCode).toBe(200);
    expect((await t.asAdmin({ method: 'PATCH', url: `/v1/users/${rejectedId}/review`, payload: { status: 'rejected', message: 'We could not confirm your ACL number.' } })).statusCode).toBe(200);

    const [approved] = await mailsFor(approvedId, 'provider-approved');
    expect(approved).toMatchObject({ recipient: 'approve.me@harbour.example', subject: 'Your Home Loan Auction account is approved' });
    linkIn(approved!.text_body, '/login');
    const [rejected] = await mailsFor(rejectedId, 'provider-rejected');
    expect(rejected!.recipient).toBe('reject.me@harbour.example');
    expect(rejected!.text_body).toContain('We could not confirm your ACL number.');
  });
});

describe('organisation directory', () => {
  it('lists active organisations by name, at most 20, to anyone', async () => {
    const create = (name: string) =>
      t.asAdmin({ method: 'POST', url: `/v2/products/${homeLoanProduct.uuid}/organisations`, payload: { organisation: { name, organisation_type: 'broker' } } });
    for (let i = 0; i < 22; i++) expect((await create(`Directory Broker ${String(i).padStart(2, '0')}`)).statusCode).toBe(201);
    const closed = (await create('Directory Closed Broker')).json();
    const patched = await t.asAdmin({ method: 'PATCH', url: `/v2/organisations/${closed.uuid}`, payload: { organisation: { status: 'inactive' } } });
    expect(patched.statusCode).toBe(200);

    const all = await t.app.inject({ method: 'GET', url: '/v1/organisation_directory?search=directory' });
    expect(all.statusCode).toBe(200);
    const names = all.json().result.map((o: { name: string }) => o.name);
    expect(names).toHaveLength(20);
    expect(names[0]).toBe('Directory Broker 00');
    expect(names).not.toContain('Directory Closed Broker');
    expect(all.json().result[0]).toEqual({ uuid: expect.any(String), name: 'Directory Broker 00', organisation_type: 'broker' });

    const one = await t.app.inject({ method: 'GET', url: '/v1/organisation_directory?search=broker%2017' });
    expect(one.json().result.map((o: { name: string }) => o.name)).toEqual(['Directory Broker 17']);
    const wildcard = await t.app.inject({ method: 'GET', url: '/v1/organisation_directory?search=%25' });
    expect(wildcard.json().result).toEqual([]);
    const tooLong = await t.app.inject({ method: 'GET', url: `/v1/organisation_directory?search=${'a'.repeat(101)}` });
    expect(tooLong.statusCode).toBe(422);
  });
});

it('keeps personal data and codes out of the events', async () => {
  const raw = await sql<{ data: string }>`select data::text as data from events where type in ('ActivationMailRequested', 'PasswordResetRequested')`.execute(t.database.db);
  expect(raw.rows.length).toBeGreaterThan(0);
  for (const row of raw.rows) expect(row.data).not.toMatch(/@|eyJ/);
});
