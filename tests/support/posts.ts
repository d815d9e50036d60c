import { sql } from 'kysely';
import { expect } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { defaultPreferences } from '../../domain/post/schemas';
import { jane, john, livingCosts, refinanceLoan, salary } from '../../domain/post/test-fixtures';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import type { TestApp } from './test-app';
import { as, type TestUser } from './users';

// Posts for API tests, made through the calls the wizard makes (spec 2 §7 "Post creation").

export type PostSession = Pick<TestUser, 'id' | 'headers'>;
export type PostMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function postHelpers(app: () => TestApp) {
  const call = (who: PostSession | null, method: PostMethod, url: string, payload?: object) =>
  app().app.inject(who ? as(who, { method, url, ...(payload ? { payload } : {}) }) : { method, url, ...(payload ? { payload } : {}) });

/** A visitor of the wizard: an account without personal data, logged in with its user key. */
  async function newVisitor(): Promise<PostSession> {
  const created = await app().app.inject({ method: 'POST', url: '/v2/users', payload: { user: { user_type: 'customer' } } });
  const { uuid, user_key } = created.json();
  const tokens = await app().app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'user_key', user_key } });
  return { id: uuid, headers: { authorization: `Bearer ${tokens.json().access_token}` } };
}

/** The overview step: a verified mobile number, then name, e-mail and password. */
  async function register(who: PostSession, email: string) {
  await call(who, 'POST', '/v1/users/phone_verification', { country_code: '61', mobile_number: '0412345678' });
  const { rows } = await sql<{ text_body: string }>`
    select text_body from outbox_messages where data_subject = ${who.id} and template = 'phone-code' order by created_at desc limit 1`.execute(app().database.db);
  const code = /\b(\d{6})\b/.exec(rows[0]!.text_body)![1]!;
  await call(who, 'GET', `/v1/users/phone_verification?country_code=61&mobile_number=0412345678&verification_code=${code}`);
  const user = { first_name: 'Chloe', last_name: 'Jones', email, country_code: '61', mobile_number: '0412345678', password: 'Harbour-Home-7', password_confirmation: 'Harbour-Home-7' };
  const registered = await call(who, 'PATCH', `/v2/users/${who.id}`, { operation: 'update', user });
  expect(registered.statusCode, registered.body).toBe(200);
}

  const postsUrl = `/v2/products/${homeLoanProduct.uuid}/posts`;

  async function created(response: Awaited<ReturnType<typeof call>>): Promise<string> {
  expect(response.statusCode, response.body).toBe(201);
  // The next call names what was made, and the post routes look it up in the posts read model (it lags on a busy machine).
  const position = typeof response.headers['x-position'] === 'string' ? parsePosition(response.headers['x-position']) : null;
  if (position) await waitForProjections(app().database.db, ['posts'], position, { timeoutMs: 30_000 });
  return response.json().uuid;
}

/** A pending post with a refinance loan (a market value that lets the amount range freely) and the preferences. */
  async function pendingPost(who: PostSession, loan: object = refinanceLoan) {
  const post = await created(await call(who, 'POST', postsUrl, { post: { urgency: 'within_1_month' } }));
  const homeLoan = await created(await call(who, 'POST', `/v2/posts/${post}/home_loans`, { home_loan: loan }));
  const preferences = await created(await call(who, 'POST', `/v2/home_loans/${homeLoan}/home_loan_preferences`, { home_loan_preferences: defaultPreferences }));
  return { post, homeLoan, preferences };
}

/** The two-applicant refinance of domain/post/test-fixtures.ts, complete but not published. */
  async function completePost(who: PostSession) {
  const { post, homeLoan, preferences } = await pendingPost(who);
  const first = await created(await call(who, 'POST', `/v2/home_loans/${homeLoan}/applicants`, { applicant: jane }));
  const second = await created(await call(who, 'POST', `/v2/home_loans/${homeLoan}/applicants`, { applicant: john }));
  const income = await created(await call(who, 'POST', `/v2/applicants/${first}/incomes`, { income: salary }));
  const { applicants: _applicants, ...living } = livingCosts;
  const expense = await created(await call(who, 'POST', `/v2/home_loans/${homeLoan}/expenses`, { applicants: [first, second], expense: living }));
  return { post, homeLoan, preferences, applicants: [first, second] as const, income, expense };
}

  return { call, newVisitor, register, postsUrl, created, pendingPost, completePost };
}
