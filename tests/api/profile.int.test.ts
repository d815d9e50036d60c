import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { loggerOptions } from '../../api/logger';
import { homeLoanProduct } from '../../domain/product/products';
import { unverifiedMobileMessage } from '../../domain/user/profile';
import { passwordMessages } from '../../domain/user/schemas';
import { systemClock } from '../../infrastructure/clock';
import { loadConfig } from '../../infrastructure/config';
import { randomIds } from '../../infrastructure/ids';
import { pngDataUrl as png } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';
import { as, type TestUser, testPassword } from '../support/users';

const questionsUrl = `/v1/products/${homeLoanProduct.uuid}/questions`;
const unknownUuid = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let active: string[];
let inactive: string;

beforeAll(async () => {
  t = await createTestApp();
  const create = async (description: string) => (await t.asAdmin({ method: 'POST', url: questionsUrl, payload: { question: { description } } })).json().uuid as string;
  active = [await create('How long have you been lending?'), await create('Which areas do you cover?')];
  inactive = await create('An old question');
  expect((await t.asAdmin({ method: 'PATCH', url: `${questionsUrl}/${inactive}`, payload: { question: { status: 'inactive' } } })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const call = (user: Pick<TestUser, 'headers'>, options: InjectOptions) => t.app.inject(as(user, options));
const answersFor = (ids: string[]) => ids.map((question_uuid, i) => ({ question_uuid, answer: `Answer ${i + 1}` }));

/** The request is refused with `status` (and the field's message), and nothing was written. */
async function expectRefusal(user: Pick<TestUser, 'headers'>, options: InjectOptions, status: number, field?: string, message?: string) {
  const before = await t.eventCount();
  const response = await call(user, options);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  if (field) expect(Object.keys(response.json().errors ?? {})).toContain(field);
  if (field && message) expect(response.json().errors[field]).toContain(message);
  expect(await t.eventCount()).toBe(before);
  return response;
}

async function lastSms(userId: string) {
  const { rows } = await sql<{ recipient: string; text_body: string }>`
    select recipient, text_body from outbox_messages where data_subject = ${userId} and template = 'phone-code' order by created_at desc limit 1`.execute(t.database.db);
  return rows[0];
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe('PATCH /v1/fsps/complete_profile', () => {
  it('an approved provider answers the active questions, uploads an avatar and becomes active', async () => {
    const provider = await t.createUser({ userType: 'fsp', status: 'approved' });
    const response = await call(provider, { method: 'PATCH', url: '/v1/fsps/complete_profile', payload: { avatar: png, questions: answersFor(active) } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ uuid: provider.id, status: 'active' });
    const answers = await call(provider, { method: 'GET', url: `/v2/fsps/${provider.id}/fsp_questions` });
    expect(answers.json()).toEqual({
      total_records: 2,
      result: [
        { question_uuid: active[0], description: 'How long have you been lending?', position: 1, answer: 'Answer 1' },
        { question_uuid: active[1], description: 'Which areas do you cover?', position: 2, answer: 'Answer 2' },
      ],
    });
    // The answers and the completion were one append.
    const events = await t.store.readStream(`user-${provider.id}`);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['ProviderAnswersSaved', 'ProviderProfileCompleted']);
    expect(events.at(-1)!.data).toMatchObject({ avatar_file_id: expect.any(String) });
  });

  it('refuses customers, active providers and, without a log-in, pending ones', async () => {
    const body = { questions: answersFor(active) };
    const customer = await t.createUser({ userType: 'customer' });
    const activeProvider = await t.createUser({ userType: 'fsp', status: 'active' });
    const pending = await t.createUser({ userType: 'fsp', status: 'pending' });
    await expectRefusal(customer, { method: 'PATCH', url: '/v1/fsps/complete_profile', payload: body }, 403);
    const refused = await expectRefusal(activeProvider, { method: 'PATCH', url: '/v1/fsps/complete_profile', payload: body }, 403);
    expect(refused.json().detail).toBe('Only approved providers may complete the profile.');
    await expectRefusal(pending, { method: 'PATCH', url: '/v1/fsps/complete_profile', payload: body }, 401);
    await expectRefusal({ headers: { authorization: '' } }, { method: 'PATCH', url: '/v1/fsps/complete_profile', payload: body }, 401);
  });

  it('refuses missing, empty, inactive, unknown and repeated answers and a file that is not an image', async () => {
    const provider = await t.createUser({ userType: 'fsp', status: 'approved' });
    const send = (payload: unknown, field: string, message?: string) =>
      expectRefusal(provider, { method: 'PATCH', url: '/v1/fsps/complete_profile', payload: payload as object }, 422, field, message);
    await send({ questions: answersFor(active.slice(0, 1)) }, 'questions', 'Please answer every question.');
    await send({ questions: [{ question_uuid: active[0], answer: '   ' }, ...answersFor(active).slice(1)] }, 'questions.0.answer', 'This field is required');
    await send({ questions: [{ question_uuid: active[0], answer: 'x'.repeat(1001) }, ...answersFor(active).slice(1)] }, 'questions.0.answer', 'Should be at most 1000 characters');
    await send({ questions: [...answersFor(active), { question_uuid: inactive, answer: 'Old' }] }, 'questions.2.question_uuid', 'This question is not asked any more.');
    await send({ questions: [...answersFor(active), { question_uuid: unknownUuid, answer: 'What?' }] }, 'questions.2.question_uuid');
    await send({ questions: [...answersFor(active), { question_uuid: active[0], answer: 'Again' }] }, 'questions.2.question_uuid', 'This question is answered twice.');
    await send({ questions: 'all of them' }, 'questions');
    await send({ questions: answersFor(active), extra: 1 }, 'extra', 'Unknown field.');
    await send({ avatar: 'data:text/plain;base64,aGVsbG8=', questions: answersFor(active) }, 'avatar', 'Only images are allowed!');
    // Declared as a PNG, but the bytes are text.
    await send({ avatar: 'data:image/png;base64,aGVsbG8gd29ybGQ=', questions: answersFor(active) }, 'avatar', 'Only images are allowed!');
    const still = await call(provider, { method: 'GET', url: '/v1/users/me' });
    expect(still.json().status).toBe('approved');
  });
});

describe('PATCH /v1/fsps/update_profile and GET /v2/fsps/{uuid}/fsp_questions', () => {
  it('an active provider changes the answers', async () => {
    const provider = await t.createUser({ userType: 'fsp', status: 'active' });
    const response = await call(provider, {
      method: 'PATCH',
      url: '/v1/fsps/update_profile',
      payload: { questions: [{ question_uuid: active[1], answer: ' Sydney ' }, { question_uuid: active[0], answer: '15 years' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.map((q: { answer: string }) => q.answer)).toEqual(['15 years', 'Sydney']);
    await expectRefusal(provider, { method: 'PATCH', url: '/v1/fsps/update_profile', payload: { questions: [] } }, 422, 'questions');
  });

  it('only providers answer; an approved one completes the profile instead', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const approved = await t.createUser({ userType: 'fsp', status: 'approved' });
    await expectRefusal(customer, { method: 'PATCH', url: '/v1/fsps/update_profile', payload: { questions: answersFor(active) } }, 403);
    await expectRefusal(approved, { method: 'PATCH', url: '/v1/fsps/update_profile', payload: { questions: answersFor(active) } }, 403);
  });

  it('the provider, admins and customers (active providers only) read the answers; other providers do not', async () => {
    const provider = await t.createUser({ userType: 'fsp', status: 'active' });
    const approved = await t.createUser({ userType: 'fsp', status: 'approved' });
    const other = await t.createUser({ userType: 'fsp', status: 'active' });
    const customer = await t.createUser({ userType: 'customer' });
    const read = (user: Pick<TestUser, 'headers'>, id: string) => call(user, { method: 'GET', url: `/v2/fsps/${id}/fsp_questions` });
    expect((await read(provider, provider.id)).statusCode).toBe(200);
    expect((await read(approved, approved.id)).json().result.map((q: { answer: null }) => q.answer)).toEqual([null, null]);
    expect((await read(t.admin, provider.id)).statusCode).toBe(200);
    expect((await read(t.admin, approved.id)).statusCode).toBe(200);
    expect((await read(customer, provider.id)).statusCode).toBe(200);
    expect((await read(customer, approved.id)).statusCode).toBe(404);
    expect((await read(other, provider.id)).statusCode).toBe(403);
    expect((await read(approved, provider.id)).statusCode).toBe(403);
    expect((await read(t.admin, customer.id)).statusCode).toBe(404);
    expect((await read(t.admin, unknownUuid)).statusCode).toBe(404);
    expect((await read({ headers: { authorization: '' } }, provider.id)).statusCode).toBe(401);
  });
});

describe('phone verification and PATCH /v1/users/me', () => {
  const details = (mobile_number: string, extra: object = {}) => ({ user: { first_name: 'Mary', last_name: "O'Brien", country_code: '61', mobile_number, ...extra } });

  it('saves the details while the number stays the same', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    const address = { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' };
    const response = await call(customer, { method: 'PATCH', url: '/v1/users/me', payload: details('0412 345 678', { address, avatar: png }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Mary', last_name: "O'Brien", mobile_number: '0412345678' });
    // Saving the same form again records nothing.
    const before = await t.eventCount();
    expect((await call(customer, { method: 'PATCH', url: '/v1/users/me', payload: details('0412345678', { address }) })).statusCode).toBe(200);
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses a changed number until it is verified by the SMS code, then saves it', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    await expectRefusal(customer, { method: 'PATCH', url: '/v1/users/me', payload: details('0498765432') }, 422, 'user.mobile_number', unverifiedMobileMessage);

    const sent = await call(customer, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '61', mobile_number: '0498 765 432' } });
    expect(sent.statusCode, sent.body).toBe(202);
    const sms = await lastSms(customer.id);
    expect(sms?.recipient).toBe('+61498765432');
    const code = codeIn(sms!.text_body);

    const check = (mobile: string, verification_code: string) =>
      call(customer, { method: 'GET', url: `/v1/users/phone_verification?country_code=61&mobile_number=${mobile}&verification_code=${verification_code}` });
    const wrong = code === '000000' ? '111111' : '000000';
    await expectRefusal(customer, { method: 'GET', url: `/v1/users/phone_verification?country_code=61&mobile_number=0498765432&verification_code=${wrong}` }, 422, 'verification_code', 'The verification code is not right.');
    // The code proves only the number it was sent to.
    expect((await check('0411111111', code)).statusCode).toBe(422);
    const verified = await check('0498765432', code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ verified: true, country_code: '61', mobile_number: '0498765432' });
    // Used once.
    expect((await check('0498765432', code)).json().errors.verification_code).toEqual(['The verification code has expired. Please, request a new one.']);

    const saved = await call(customer, { method: 'PATCH', url: '/v1/users/me', payload: details('0498765432') });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mobile_number).toBe('0498765432');
  });

  it('a code survives five guesses and ten minutes; three codes per ten minutes', async () => {
    const user = await t.createUser({ userType: 'fsp', status: 'active' });
    const send = () => call(user, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '61', mobile_number: '0400000001' } });
    expect((await send()).statusCode).toBe(202);
    const code = codeIn((await lastSms(user.id))!.text_body);
    const guess = (c: string) => call(user, { method: 'GET', url: `/v1/users/phone_verification?country_code=61&mobile_number=0400000001&verification_code=${c}` });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await guess(wrong)).json().errors.verification_code).toEqual(['The verification code is not right.']);
    expect((await guess(code)).json().errors.verification_code).toEqual(['Too many wrong codes. Please, request a new one.']);

    expect((await send()).statusCode).toBe(202);
    const second = codeIn((await lastSms(user.id))!.text_body);
    // Ten minutes later the code is dead.
    await sql`update phone_verifications set expires_at = now() - interval '1 second' where user_id = ${user.id}`.execute(t.database.db);
    expect((await guess(second)).json().errors.verification_code).toEqual(['The verification code has expired. Please, request a new one.']);

    expect((await send()).statusCode).toBe(202);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe('Too many codes were requested. Please, try again in a few minutes.');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox_messages where data_subject = ${user.id} and template = 'phone-code'`.execute(t.database.db);
    expect(rows[0]!.n).toBe(3);
  });

  it('refuses bad numbers and codes, and anonymous callers', async () => {
    const user = await t.createUser({ userType: 'customer' });
    await expectRefusal(user, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '61', mobile_number: '12' } }, 422, 'mobile_number', 'Should be at least 7 digits');
    await expectRefusal(user, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '0', mobile_number: '0412345678' } }, 422, 'country_code');
    await expectRefusal(user, { method: 'GET', url: '/v1/users/phone_verification?country_code=61&mobile_number=0412345678&verification_code=12ab' }, 422, 'verification_code', 'The code has 6 digits');
    await expectRefusal({ headers: { authorization: '' } }, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '61', mobile_number: '0412345678' } }, 401);
    await expectRefusal(user, { method: 'PATCH', url: '/v1/users/me', payload: details('0412345678', { first_name: '' }) }, 422, 'user.first_name', 'This field is required');
    await expectRefusal(user, { method: 'PATCH', url: '/v1/users/me', payload: details('0412345678', { avatar: 'data:image/png;base64,aGVsbG8gd29ybGQ=' }) }, 422, 'user.avatar', 'Only images are allowed!');
    await expectRefusal(user, { method: 'PATCH', url: '/v1/users/me', payload: details('0412345678', { address: { suburb: 'Sydney', state: 'XX', postcode: '20' } }) }, 422, 'user.address.postcode');
  });

  it('outside production the answer shows the code (no SMS gateway), in production never; the mailbox calls it a text message', async () => {
    const send = (app: typeof t.app, user: TestUser, mobile_number: string) =>
      app.inject(as(user, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '61', mobile_number } }));
    const developer = await t.createUser({ userType: 'customer' });
    const shown = await send(t.app, developer, '0422334455');
    expect(shown.statusCode, shown.body).toBe(202);
    const { rows } = await sql<{ subject: string; text_body: string }>`
      select subject, text_body from outbox_messages where data_subject = ${developer.id} and template = 'phone-code'`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    expect(shown.json()).toEqual({ expires_in: 600, development_code: codeIn(rows[0]!.text_body) });
    expect(rows[0]!.subject).toBe('Text message: your verification code');

    const production = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), db: t.database.db, store: t.store, clock: systemClock, ids: randomIds, secrets: t.secrets });
    try {
      const customer = await t.createUser({ userType: 'customer' });
      const hidden = await send(production, customer, '0422334466');
      expect(hidden.statusCode, hidden.body).toBe(202);
      expect(hidden.json()).toEqual({ expires_in: 600 });
      expect(hidden.body).not.toContain(codeIn((await lastSms(customer.id))!.text_body));
    } finally {
      await production.close();
    }
  });

  it('logs neither the code nor the number', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const options = loggerOptions(config);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp(
      { config, db: t.database.db, store: t.store, clock: systemClock, ids: randomIds, secrets: t.secrets },
      { logger: typeof options === 'object' && options ? { ...options, stream } : false },
    );
    const user = await t.createUser({ userType: 'customer' });
    await logged.inject(as(user, { method: 'POST', url: '/v1/users/phone_verification', payload: { country_code: '61', mobile_number: '0433221100' } }));
    const code = codeIn((await lastSms(user.id))!.text_body);
    await logged.inject(as(user, { method: 'GET', url: `/v1/users/phone_verification?country_code=61&mobile_number=0433221100&verification_code=${code}` }));
    await logged.close();
    const log = lines.join('');
    expect(log).toContain('/v1/users/phone_verification');
    for (const secret of [code, '0433221100', '433221100']) expect(log).not.toContain(secret);
  });
});

describe('PATCH /v2/users/{uuid} update_password', () => {
  const change = (fields: object) => ({ operation: 'update_password', current_password: testPassword, password: 'New-Harbour-77', password_confirmation: 'New-Harbour-77', ...fields });

  it('changes the own password: other sessions end, the new pair works, the new password logs in', async () => {
    const user = await t.createUser({ userType: 'customer' });
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: user.email, password } });
    const before = (await login(testPassword)).json();
    const me = (accessToken: string) => t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect((await me(before.access_token)).statusCode).toBe(200);
    const response = await call(user, { method: 'PATCH', url: `/v2/users/${user.id}`, payload: change({}) });
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', user_type: 'customer' });
    const refresh = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'refresh_token', refresh_token } });
    expect((await refresh(before.refresh_token)).statusCode).toBe(403);
    expect((await me(before.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${tokens.access_token}` } })).statusCode).toBe(200);
    expect((await login(testPassword)).statusCode).toBe(401);
    expect((await login('New-Harbour-77')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, weak or different new ones, and other users', async () => {
    const user = await t.createUser({ userType: 'fsp', status: 'active' });
    const other = await t.createUser({ userType: 'customer' });
    const url = `/v2/users/${user.id}`;
    const send = (fields: object, field: string, message: string) => expectRefusal(user, { method: 'PATCH', url, payload: change(fields) }, 422, field, message);
    await send({ current_password: 'Wrong-Password-1' }, 'current_password', 'The current password is not right.');
    await send({ current_password: '' }, 'current_password', 'This field is required');
    await send({ current_password: 'has space 1A' }, 'current_password', passwordMessages.spaces);
    await send({ password: 'Short-1', password_confirmation: 'Short-1' }, 'password', passwordMessages.min);
    await send({ password: 'alllowercase', password_confirmation: 'alllowercase' }, 'password', passwordMessages.classes);
    await send({ password: 'Has space-12', password_confirmation: 'Has space-12' }, 'password', passwordMessages.spaces);
    await send({ password_confirmation: 'Other-Harbour-77' }, 'password_confirmation', 'Passwords are different');
    await send({ operation: 'fly' }, 'operation', 'Unknown operation.');
    // Another user's account, and an admin too: 403 whatever the body says.
    await expectRefusal(other, { method: 'PATCH', url, payload: change({ current_password: testPassword }) }, 403);
    await expectRefusal(t.admin, { method: 'PATCH', url, payload: { operation: 'nonsense' } }, 403);
    await expectRefusal({ headers: { authorization: '' } }, { method: 'PATCH', url, payload: change({}) }, 401);
  });
});
