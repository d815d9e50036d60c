import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { userDecider } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import { handleCommand } from '../../infrastructure/command-handler';
import { randomIds } from '../../infrastructure/ids';
import { waitForProjections } from '../../projections/projection-status';
import { type BadInputCase, expectRefused } from '../support/bad-input';
import { pngDataUrl as png } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';
import { as, type TestUser, testPassword } from '../support/users';

// The admin's user management (spec 2 §2, §5, §6, §7; spec 3 §3 "Provider limits", §5 "Edit user").

let t: TestApp;
let customer: TestUser;
let provider: TestUser;
let organisationId: string;
const unknownUuid = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const organisation = await t.asAdmin({
    method: 'POST',
    url: `/v2/products/${homeLoanProduct.uuid}/organisations`,
    payload: { organisation: { name: 'Harbour Brokers', organisation_type: 'broker' } },
  });
  organisationId = organisation.json().uuid;
  customer = await t.createUser({ userType: 'customer' });
  provider = await t.createUser({ userType: 'fsp', organisationUuid: organisationId });
});
afterAll(async () => {
  await t.close();
});

/** `YYYY-MM-DD` of the day `years` ago, shifted by `days`. */
function yearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const patch = (user: unknown) => JSON.stringify({ user });

/** Every refused call from a caller outside the rule: 401 anonymous, 403 customer and provider, nothing written. */
async function expectGuarded(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const before = await t.eventCount();
  const request = { method, url, ...(payload !== undefined ? { payload: payload as object } : {}) };
  const anonymous = await t.app.inject(request);
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json().detail).toBe('The access token is invalid');
  for (const user of [customer, provider]) expect((await t.app.inject(as(user, request))).statusCode).toBe(403);
  expect(await t.eventCount()).toBe(before);
}

describe('GET /v1/users/{uuid}', () => {
  it('shows an admin any user, a provider with the bidding limits', async () => {
    const response = await t.asAdmin({ method: 'GET', url: `/v1/users/${provider.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      uuid: provider.id,
      user_type: 'fsp',
      email: provider.email,
      address: null,
      avatar_url: null,
      date_of_birth: null,
      fsp: {
        organisation: { uuid: organisationId },
        bids_accepted_limit: null,
        bids_contacted_limit: null,
        total_accepted_bids: 0,
        total_contacted_bids: 0,
        max_auto_bidding_review_period: 14,
      },
    });
  });

  it('shows users themselves, and nobody else to them', async () => {
    expect((await t.app.inject(as(customer, { method: 'GET', url: `/v1/users/${customer.id}` }))).json()).toMatchObject({ uuid: customer.id, fsp: null });
    expect((await t.app.inject(as(customer, { method: 'GET', url: `/v1/users/${provider.id}` }))).statusCode).toBe(403);
    expect((await t.app.inject(as(provider, { method: 'GET', url: `/v1/users/${customer.id}` }))).statusCode).toBe(403);
    // Unknown or not, the answer is the same to someone who may not look.
    expect((await t.app.inject(as(provider, { method: 'GET', url: `/v1/users/${unknownUuid}` }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/v1/users/${provider.id}` })).statusCode).toBe(401);
  });

  it("includes a provider's answers with the questions, and the reviews (none yet)", async () => {
    const question = await t.asAdmin({ method: 'POST', url: `/v1/products/${homeLoanProduct.uuid}/questions`, payload: { question: { description: 'Which suburbs do you serve?' } } });
    const questionId = question.json().uuid;
    const saved = await handleCommand({
      store: t.store,
      ids: randomIds,
      streamId: userStream(provider.id),
      decider: userDecider,
      command: { type: 'SaveProviderAnswers', data: { user_id: provider.id, answers: [{ question_uuid: questionId, answer: 'Inner west' }] } },
      context: { userId: provider.id, correlationId: 'test', causationId: null, now: new Date() },
    });
    if (!saved.ok || !saved.position) throw new Error('answers not saved');
    await waitForProjections(t.database.db, ['users', 'questions'], saved.position, { timeoutMs: 10_000 });
    const response = await t.asAdmin({ method: 'GET', url: `/v1/users/${provider.id}?include=questions,reviews` });
    expect(response.json()).toMatchObject({ questions: [{ question_uuid: questionId, question: 'Which suburbs do you serve?', answer: 'Inner west' }], reviews: [] });
  });

  it('refuses bad input', async () => {
    const cases: BadInputCase[] = [
      { name: 'unknown user', method: 'GET', url: `/v1/users/${unknownUuid}`, status: 404 },
      { name: 'not a uuid', method: 'GET', url: '/v1/users/nope', status: 404 },
      { name: 'unknown include', method: 'GET', url: `/v1/users/${provider.id}?include=password_hash`, status: 422, field: 'include', message: 'Include questions, reviews or both' },
      { name: 'unknown query field', method: 'GET', url: `/v1/users/${provider.id}?with=all`, status: 422, field: 'with', message: 'Unknown field.' },
    ];
    for (const c of cases) await expectRefused(t, c);
  });
});

describe('GET /v4/users (admin pickers)', () => {
  it('finds providers by name, e-mail, status or mobile', async () => {
    const response = await t.asAdmin({ method: 'GET', url: `/v4/users?user_type=fsp&search=${encodeURIComponent(provider.email)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total_records: 1, result: [{ uuid: provider.id, user_type: 'fsp' }] });
    const customers = await t.asAdmin({ method: 'GET', url: `/v4/users?user_type=fsp&search=${encodeURIComponent(customer.email)}` });
    expect(customers.json().total_records).toBe(0);
  });

  it('is for admins only and refuses bad input', async () => {
    await expectGuarded('GET', '/v4/users?user_type=fsp');
    const cases: BadInputCase[] = [
      { name: 'no user type', method: 'GET', url: '/v4/users?search=x', status: 422, field: 'user_type', message: 'Unknown user type' },
      { name: 'unknown user type', method: 'GET', url: '/v4/users?user_type=bank', status: 422, field: 'user_type', message: 'Unknown user type' },
      { name: 'SQL in the search', method: 'GET', url: "/v4/users?user_type=fsp&search=%27%3B%20drop", status: 422, field: 'search' },
      { name: 'too many', method: 'GET', url: '/v4/users?user_type=fsp&count=500', status: 422, field: 'count', message: 'count is at most 50' },
    ];
    for (const c of cases) await expectRefused(t, c);
  });
});

describe('POST /v2/users (create an admin)', () => {
  const newAdmin = (changes: Record<string, unknown> = {}) => ({
    user: { user_type: 'admin', first_name: 'Ada', last_name: 'Admin', email: 'ada.admin@marketplace.example', country_code: '61', mobile_number: '0412 345 678', password: testPassword, ...changes },
  });

  it('creates an active admin who may log in', async () => {
    const response = await t.asAdmin({ method: 'POST', url: '/v2/users', payload: newAdmin() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user_type: 'admin', status: 'active', email: 'ada.admin@marketplace.example', mobile_number: '0412345678', fsp: null });
    const login = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'password', username: 'ada.admin@marketplace.example', password: testPassword } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a taken e-mail and bad fields with the spec messages, writing nothing', async () => {
    const body = (changes: Record<string, unknown>) => JSON.stringify(newAdmin({ email: 'other.admin@marketplace.example', ...changes }));
    const cases: BadInputCase[] = [
      { name: 'taken e-mail', method: 'POST', url: '/v2/users', payload: body({ email: provider.email }), status: 422, field: 'user.email', message: 'takenEmail' },
      { name: 'no e-mail', method: 'POST', url: '/v2/users', payload: body({ email: '' }), status: 422, field: 'user.email', message: 'Please, write an email' },
      { name: 'bad e-mail', method: 'POST', url: '/v2/users', payload: body({ email: 'ada@' }), status: 422, field: 'user.email', message: 'Invalid email format' },
      { name: 'no first name', method: 'POST', url: '/v2/users', payload: body({ first_name: ' ' }), status: 422, field: 'user.first_name', message: 'This field is required' },
      { name: 'digits in last name', method: 'POST', url: '/v2/users', payload: body({ last_name: 'R2D2' }), status: 422, field: 'user.last_name' },
      { name: 'short mobile', method: 'POST', url: '/v2/users', payload: body({ mobile_number: '12345' }), status: 422, field: 'user.mobile_number', message: 'Should be at least 7 digits' },
      { name: 'short password', method: 'POST', url: '/v2/users', payload: body({ password: 'Ab1!' }), status: 422, field: 'user.password', message: 'Should be at least 8 characters' },
      { name: 'password with spaces', method: 'POST', url: '/v2/users', payload: body({ password: 'Harbour Bank 9' }), status: 422, field: 'user.password', message: 'Should not contain spaces' },
      { name: 'weak password', method: 'POST', url: '/v2/users', payload: body({ password: 'harbourbank' }), status: 422, field: 'user.password' },
      // The wizard's customer is made without personal data; it gives them at the overview step.
      { name: 'a customer with details', method: 'POST', url: '/v2/users', payload: body({ user_type: 'customer' }), status: 422, field: 'user.email', message: 'Unknown field.' },
      { name: 'another user type', method: 'POST', url: '/v2/users', payload: body({ user_type: 'fsp' }), status: 422, field: 'user.user_type' },
      { name: 'unknown field', method: 'POST', url: '/v2/users', payload: body({ status: 'active' }), status: 422, field: 'user.status', message: 'Unknown field.' },
      { name: 'malformed JSON', method: 'POST', url: '/v2/users', payload: '{"user":', status: 400 },
    ];
    for (const c of cases) await expectRefused(t, c);
  });

  it('is for admins only', async () => {
    await expectGuarded('POST', '/v2/users', newAdmin({ email: 'sneaky@marketplace.example' }));
  });
});

describe('PATCH /v1/users/{uuid}', () => {
  it("changes a user's status; a suspended user is out at once", async () => {
    const someone = await t.createUser({ userType: 'customer' });
    const response = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${someone.id}`, payload: { user: { status: 'suspended' } } });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('suspended');
    expect((await t.app.inject(as(someone, { method: 'GET', url: `/v1/users/${someone.id}` }))).statusCode).toBe(401);
    const back = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${someone.id}`, payload: { user: { status: 'active' } } });
    expect(back.json().status).toBe('active');
  });

  it("sets a provider's bidding limits; a limit left out keeps its value, null lifts it", async () => {
    const set = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${provider.id}`, payload: { user: { fsp: { bids_accepted_limit: 10, bids_contacted_limit: 25 } } } });
    expect(set.statusCode).toBe(200);
    expect(set.json().fsp).toMatchObject({ bids_accepted_limit: 10, bids_contacted_limit: 25 });
    const one = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${provider.id}`, payload: { user: { fsp: { bids_accepted_limit: null } } } });
    expect(one.json().fsp).toMatchObject({ bids_accepted_limit: null, bids_contacted_limit: 25 });
  });

  it("edits a provider's details, address, avatar and organisation", async () => {
    const other = await t.asAdmin({
      method: 'POST',
      url: `/v2/products/${homeLoanProduct.uuid}/organisations`,
      payload: { organisation: { name: 'Coastal Credit Union', organisation_type: 'financial_institution' } },
    });
    const response = await t.asAdmin({
      method: 'PATCH',
      url: `/v1/users/${provider.id}`,
      payload: {
        user: {
          first_name: 'Pat',
          last_name: "O'Neil-Smith",
          mobile_number: '0400 111 222',
          address: { line1: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
          avatar: png,
          date_of_birth: yearsAgo(40),
          fsp: { organisation_uuid: other.json().uuid, provider_type: 'financial_institution', membership_value: 'MFAA-7', acl_number: 'ACL-9', lender_since: 2001 },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      full_name: "Pat O'Neil-Smith",
      mobile_number: '0400111222',
      address: { line1: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      date_of_birth: yearsAgo(40),
      fsp: { organisation: { uuid: other.json().uuid, name: 'Coastal Credit Union' }, provider_type_label: 'Bank Lender', membership_value: 'MFAA-7', acl_number: 'ACL-9', lender_since: 2001 },
    });
    expect(user.avatar_url).toMatch(/^\/files\/[0-9a-f]{40}$/);
    const removed = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${provider.id}`, payload: { user: { avatar: null, address: null } } });
    expect(removed.json()).toMatchObject({ avatar_url: null, address: null });
  });

  it('edits a customer without provider fields', async () => {
    const response = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${customer.id}`, payload: { user: { first_name: 'Casey' } } });
    expect(response.json()).toMatchObject({ first_name: 'Casey', fsp: null });
  });

  it('refuses bad input on every field with the spec messages, writing nothing', async () => {
    const url = `/v1/users/${provider.id}`;
    const details = (user: unknown): BadInputCase => ({ name: '', method: 'PATCH', url, payload: patch(user), status: 422 });
    const thisYear = new Date().getFullYear();
    const cases: BadInputCase[] = [
      { ...details({}), name: 'nothing', field: 'user', message: 'Nothing to change.' },
      { ...details({ status: 'active', first_name: 'Pat' }), name: 'status with details', field: 'user', message: 'Change the status, the bidding limits or the details in separate requests.' },
      { ...details({ fsp: { bids_accepted_limit: 1, acl_number: 'ACL-1' } }), name: 'limits with details', field: 'user', message: 'Change the status, the bidding limits or the details in separate requests.' },
      { ...details({ status: 'happy' }), name: 'unknown status', field: 'user.status', message: 'Unknown status' },
      { ...details({ status: 'creating' }), name: 'a status of another type', field: 'user.status', message: 'This status does not exist for this user type.' },
      { ...details({ fsp: { bids_accepted_limit: -1 } }), name: 'negative limit', field: 'user.fsp.bids_accepted_limit', message: 'Should be 0 or more' },
      { ...details({ fsp: { bids_contacted_limit: 2.5 } }), name: 'fraction limit', field: 'user.fsp.bids_contacted_limit', message: 'Should be a whole number' },
      { ...details({ fsp: { bids_contacted_limit: '5' } }), name: 'text limit', field: 'user.fsp.bids_contacted_limit', message: 'Should be a whole number' },
      { ...details({ fsp: { bids_accepted_limit: 10_000_000 } }), name: 'huge limit', field: 'user.fsp.bids_accepted_limit', message: 'Should be at most 100000' },
      { ...details({ first_name: '' }), name: 'empty first name', field: 'user.first_name', message: 'This field is required' },
      { ...details({ last_name: 'x'.repeat(61) }), name: 'long last name', field: 'user.last_name', message: 'Should be at most 60 characters' },
      { ...details({ mobile_number: '123 456' }), name: 'short mobile', field: 'user.mobile_number', message: 'Should be at least 7 digits' },
      { ...details({ country_code: '+61abc' }), name: 'bad country code', field: 'user.country_code', message: 'Invalid country code' },
      { ...details({ address: { line1: '', suburb: 'Sydney', state: 'NSW', postcode: '2000' } }), name: 'no street', field: 'user.address.line1', message: 'This field is required' },
      { ...details({ address: { line1: '1 George St', suburb: 'Sydney', state: 'XX', postcode: '2000' } }), name: 'unknown state', field: 'user.address.state', message: 'Choose a state' },
      { ...details({ address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '20' } }), name: 'short postcode', field: 'user.address.postcode', message: 'Should be 4 digits' },
      { ...details({ date_of_birth: yearsAgo(18, 1) }), name: 'under 18', field: 'user.date_of_birth', message: 'Age should be more than or equal to 18 years' },
      { ...details({ date_of_birth: yearsAgo(81) }), name: 'over 80', field: 'user.date_of_birth', message: 'Age should be less than or equal to 80 years' },
      { ...details({ date_of_birth: '12/03/1980' }), name: 'not a date', field: 'user.date_of_birth', message: 'Should be a date (YYYY-MM-DD)' },
      { ...details({ avatar: 'data:text/plain;base64,aGVsbG8=' }), name: 'not an image', field: 'user.avatar', message: 'Only images are allowed!' },
      { ...details({ fsp: { organisation_uuid: unknownUuid } }), name: 'unknown organisation', field: 'user.fsp.organisation_uuid', message: "Organisation isn't in our database!" },
      { ...details({ fsp: { membership_value: 'abc' } }), name: 'short membership', field: 'user.fsp.membership_value', message: 'Should be at least 4 characters' },
      { ...details({ fsp: { acl_number: 'abc' } }), name: 'short ACL', field: 'user.fsp.acl_number', message: 'Should be at least 4 characters' },
      { ...details({ fsp: { lender_since: thisYear + 1 } }), name: 'lender in future', field: 'user.fsp.lender_since', message: "Can't be in future" },
      { ...details({ fsp: { lender_since: thisYear - 61 } }), name: 'lender too long', field: 'user.fsp.lender_since', message: 'Max lender experience is 60 years' },
      { ...details({ fsp: { lender_since: 'long ago' } }), name: 'lender not a number', field: 'user.fsp.lender_since', message: 'Should be a number' },
      { ...details({ fsp: { provider_type: 'bank' } }), name: 'unknown provider type', field: 'user.fsp.provider_type' },
      { ...details({ email: 'new@example.com' }), name: 'e-mail is not edited here', field: 'user.email', message: 'Unknown field.' },
      { ...details({ first_name: 'Pat' }), url: `/v1/users/${customer.id}`, payload: patch({ fsp: { acl_number: 'ACL-1' } }), name: 'provider fields on a customer', field: 'user.fsp' },
      { ...details({ first_name: 'Pat' }), url: `/v1/users/${customer.id}`, payload: patch({ fsp: { bids_accepted_limit: 3 } }), name: 'limits on a customer', field: 'user.fsp' },
      { ...details({ status: 'approved' }), url: `/v1/users/${customer.id}`, payload: patch({ status: 'approved' }), name: 'provider status on a customer', field: 'user.status' },
      { ...details({ first_name: 'Pat' }), url: `/v1/users/${unknownUuid}`, name: 'unknown user', status: 404 },
      { ...details({ status: 'suspended' }), url: `/v1/users/${t.admin.id}`, payload: patch({ status: 'suspended' }), name: 'own status', status: 403 },
    ];
    for (const c of cases) await expectRefused(t, c);
  });

  it("requires a provider's lender_since (spec 3 §5 Edit user)", async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/v1/users',
      payload: {
        user: {
          first_name: 'Lee',
          last_name: 'Lender',
          email: 'no-since@harbour.example',
          password: testPassword,
          country_code: '61',
          mobile_number: '0412345678',
          organisation_uuid: organisationId,
          organisation_name: 'Harbour Brokers',
          provider_type: 'broker',
          membership_type: 'MFAA',
          membership_value: '123456',
          acl_number: '654321',
        },
      },
    });
    const id = signUp.json().uuid;
    await expectRefused(t, { name: 'no lender_since', method: 'PATCH', url: `/v1/users/${id}`, payload: patch({ first_name: 'Leigh' }), status: 422, field: 'user.fsp.lender_since', message: 'This field is required' });
    const fixed = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${id}`, payload: { user: { first_name: 'Leigh', fsp: { lender_since: 2015 } } } });
    expect(fixed.json()).toMatchObject({ first_name: 'Leigh', fsp: { lender_since: 2015 } });
  });

  it('is for admins only', async () => {
    await expectGuarded('PATCH', `/v1/users/${customer.id}`, { user: { status: 'suspended' } });
    await expectGuarded('PATCH', `/v1/users/${provider.id}`, { user: { fsp: { bids_accepted_limit: 1000 } } });
  });
});

describe('DELETE /v1/users/{uuid}', () => {
  it('erases the personal data, signs the user out and frees the e-mail address', async () => {
    const doomed = await t.createUser({ userType: 'fsp', email: 'doomed@harbour.example', organisationUuid: organisationId });
    const response = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${doomed.id}` });
    expect(response.statusCode).toBe(204);
    expect((await t.asAdmin({ method: 'GET', url: `/v1/users/${doomed.id}` })).statusCode).toBe(404);
    expect((await t.app.inject(as(doomed, { method: 'GET', url: '/v1/users/me' }))).statusCode).toBe(401);
    // The history stays, without the person in it.
    const events = await t.store.readStream(userStream(doomed.id));
    expect(events.at(-1)?.type).toBe('UserDeleted');
    expect(events[0]!.erasedFields).toEqual(['personal', 'password_hash']);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('doomed@harbour.example');
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/verify_email?email=doomed@harbour.example' })).json()).toEqual({ result: 'available' });
    const again = await t.asAdmin({
      method: 'POST',
      url: '/v2/users',
      payload: { user: { user_type: 'admin', first_name: 'New', last_name: 'Holder', email: 'doomed@harbour.example', country_code: '61', mobile_number: '0412345678', password: testPassword } },
    });
    expect(again.statusCode).toBe(201);
  });

  it('deletes a user whose details were edited (the edits unreadable once the key is erased)', async () => {
    const edited = await t.createUser({ userType: 'fsp', organisationUuid: organisationId });
    const edit = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${edited.id}`, payload: { user: { first_name: 'Robin', avatar: png } } });
    expect(edit.statusCode).toBe(200);
    const response = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${edited.id}` });
    expect(response.statusCode, response.body).toBe(204);
    expect((await t.asAdmin({ method: 'GET', url: `/v1/users/${edited.id}` })).statusCode).toBe(404);
    const events = await t.store.readStream(userStream(edited.id));
    expect(events.map((e) => e.type)).toContain('UserDetailsUpdated');
    expect(events.find((e) => e.type === 'UserDetailsUpdated')!.data).toMatchObject({ changes: null });
    expect(events.at(-1)?.type).toBe('UserDeleted');
  });

  it('refuses the own account, unknown users, and non-admins, writing nothing', async () => {
    await expectRefused(t, { name: 'own account', method: 'DELETE', url: `/v1/users/${t.admin.id}`, status: 403 });
    await expectRefused(t, { name: 'unknown user', method: 'DELETE', url: `/v1/users/${unknownUuid}`, status: 404 });
    await expectRefused(t, { name: 'not a uuid', method: 'DELETE', url: '/v1/users/nope', status: 404 });
    await expectGuarded('DELETE', `/v1/users/${customer.id}`);
  });
});
