import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jane, john } from '../../domain/post/test-fixtures';
import { marketJourney } from '../support/journey';
import { postHelpers } from '../support/posts';
import { type ProductProcess, startProductProcess } from '../support/product-process';
import { createRemoteApp, type RemoteApp } from '../support/remote-app';
import type { TestApp } from '../support/test-app';
import type { TestDatabase } from '../support/test-database';
import { projectionsIdle, provider } from '../support/trade';
import { as, testPassword } from '../support/users';

// No personal data or secret in the logs (issue 7 "Security"): the real product runs as its own process
// (`scripts/start.ts`, NODE_ENV=production, LOG_LEVEL=debug, a fresh database on the PostgreSQL server) and a whole
// journey goes through its HTTP port: provider sign-up and activation, log-ins (one with a wrong password), the post
// wizard's customer with personal data, a post, bids, a chat, the acceptance, deal activities, a review, a changed
// profile, phone verification and password recovery. Then every password, token, code, e-mail address, phone
// number, name and text used is looked for in everything the process wrote to stdout and stderr.

let remote: RemoteApp;
let product: ProductProcess;
let t: TestApp;
let database: TestDatabase;
/** Everything the test sent or got that must not be logged: filled as the journey goes. */
const secrets = new Set<string>();

beforeAll(async () => {
  remote = await createRemoteApp({
    onAnswer: (body) => {
      for (const key of ['access_token', 'refresh_token', 'user_key']) {
        const found = new RegExp(`"${key}":"([^"]+)"`).exec(body);
        if (found) secrets.add(found[1]!);
      }
    },
  });
  database = remote.database;
  secrets.add(remote.admin.email).add(remote.admin.token);
  product = await startProductProcess({ NODE_ENV: 'production', LOG_LEVEL: 'debug', HOST: '127.0.0.1', DATABASE_URL: database.url!, PUBLIC_URL: 'http://127.0.0.1:3999', ROLE: 'all' });
  remote.setBaseUrl(product.url!);
  // Every user the journey makes: their address and token must stay out of the logs too.
  t = {
    ...remote,
    createUser: async (spec) => {
      const user = await remote.createUser(spec);
      secrets.add(user.email).add(user.token);
      return user;
    },
  };
}, 120_000);

afterAll(async () => {
  await product?.stop();
  await remote?.close();
});

const newestMail = async (template: string, recipient: string) => {
  let text = '';
  await expect
    .poll(
      async () => {
        const { rows } = await sql<{ text_body: string }>`
          select text_body from outbox_messages where template = ${template} and recipient = ${recipient} order by created_at desc limit 1`.execute(database.db);
        return (text = rows[0]?.text_body ?? '');
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return text;
};
const linkParameter = (text: string, name: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get(name)!;

it('logs a whole journey without a password, token, code, e-mail address, phone number, name or text of it', async () => {
  const call = (who: { headers: { authorization: string } } | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject(who ? as(who, { method, url, ...(payload ? { payload } : {}) }) : { method, url, ...(payload ? { payload } : {}) });

  // A provider signs up, activates the address from the mail, and cannot log in before approval.
  const signUp = {
    first_name: 'Wilhelmina',
    last_name: 'Featherstonehaugh',
    email: 'wilhelmina.f@lender.example',
    password: 'Quokka-Sunrise-42',
    country_code: '61',
    mobile_number: '0498 765 432',
    organisation_uuid: null,
    organisation_name: 'Featherstone Lending',
    provider_type: 'broker',
    membership_type: 'MFAA',
    membership_value: '778899',
    acl_number: '445566',
    lender_since: 2012,
  };
  const signedUp = await call(null, 'POST', '/v1/users', { user: signUp });
  expect([201, 202], signedUp.body).toContain(signedUp.statusCode);
  const activationCode = linkParameter(await newestMail('activation', signUp.email), 'code');
  expect((await call(null, 'POST', '/v1/users/activate', { activation_code: activationCode })).statusCode).toBe(200);
  expect((await call(null, 'POST', '/oauth/token', { grant_type: 'password', username: signUp.email, password: 'Wrong-Guess-77' })).statusCode).toBe(401);
  secrets.add(signUp.first_name).add(signUp.last_name).add(signUp.email).add(signUp.password).add('0498765432').add('0498 765 432').add('Wrong-Guess-77').add(activationCode);

  // The post wizard's visitor gives a verified number, a name, an e-mail address and a password (tests/support/posts.ts).
  const helpers = postHelpers(() => t);
  const visitor = await helpers.newVisitor();
  secrets.add(visitor.headers.authorization.slice('Bearer '.length));
  await helpers.register(visitor, 'chloe.jones@customer.example');
  secrets.add('Chloe').add('Jones').add('chloe.jones@customer.example').add('Harbour-Home-7').add('0412345678');
  const { rows: sms } = await sql<{ text_body: string }>`
    select text_body from outbox_messages where data_subject = ${visitor.id} and template = 'phone-code' order by created_at desc limit 1`.execute(database.db);
  const phoneCode = sms[0]!.text_body;
  let customerLogin: Awaited<ReturnType<typeof call>> | undefined;
  // The log-in reads the users read model, which may lag on a busy machine (tries spaced: 10 a minute per account).
  await expect
    .poll(async () => (customerLogin = await call(null, 'POST', '/oauth/token', { grant_type: 'password', username: 'chloe.jones@customer.example', password: 'Harbour-Home-7' })).statusCode, { timeout: 30_000, interval: 3000 })
    .toBe(200);
  const refreshed = await call(null, 'POST', '/oauth/token', { grant_type: 'refresh_token', refresh_token: customerLogin!.json().refresh_token });
  expect(refreshed.statusCode).toBe(200);

  // A post with applicants' names and incomes, bids, a chat, the acceptance, deal activities and a review.
  const bidders = [await provider(t), await provider(t)];
  for (const bidder of bidders) secrets.add(bidder.email).add(bidder.token);
  const journey = await marketJourney(t, bidders, { accept: true });
  secrets.add(journey.post.owner.email).add(journey.post.owner.token);
  for (const applicant of [jane, john]) secrets.add(applicant.first_name).add(applicant.last_name);
  for (const text of ['I can offer 5.49% with an offset.', 'Thank you, I will think about it.', 'Documents requested', 'Great rate and a quick settlement.']) secrets.add(text);

  // A changed profile with an address, and a password-recovery round trip.
  const me = await call(journey.post.owner, 'PATCH', '/v1/users/me', {
    user: { first_name: 'Bartholomew', last_name: 'Quincey', country_code: '61', mobile_number: '0412345678', address: null },
  });
  expect(me.statusCode, me.body).toBeLessThan(300);
  secrets.add('Bartholomew').add('Quincey');
  const owner = journey.post.owner.email;
  expect((await call(null, 'GET', `/v1/users/recover_password?email=${encodeURIComponent(owner)}`)).statusCode).toBe(200);
  const resetToken = linkParameter(await newestMail('password-recovery', owner), 'token');
  expect((await call(null, 'POST', '/v1/users/temporary_password', { token: resetToken, password: 'Wombat-Evening-58' })).statusCode).toBe(200);
  await expect
    .poll(async () => (await call(null, 'POST', '/oauth/token', { grant_type: 'password', username: owner, password: 'Wombat-Evening-58' })).statusCode, { timeout: 30_000, interval: 3000 })
    .toBe(200);
  secrets.add(resetToken).add('Wombat-Evening-58').add(testPassword);
  await projectionsIdle(t);

  // The process did log the journey (so an empty log cannot pass), by route and status only.
  const log = product.output();
  expect(log).toContain('"route":"/v1/users/recover_password"');
  expect(log).toContain('"route":"/v1/conversations/:id/messages"');
  const leaks = [...secrets].filter((secret) => secret.length >= 4 && log.includes(secret));
  // The SMS code is six digits: looked for on its own, not inside longer numbers such as timestamps.
  const code = /\b(\d{6})\b/.exec(phoneCode)?.[1];
  if (code && new RegExp(`(?<!\\d)${code}(?!\\d)`).test(log)) leaks.push(`phone code ${code}`);
  expect(leaks).toEqual([]);
  // Nor any e-mail address or bearer token at all, whoever's it is.
  expect(log.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? []).toEqual([]);
  expect(log.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? []).toEqual([]);
}, 300_000);
