import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadySubscribedMessage, subscribedMessage, textBeforeLink } from '../../domain/subscriber/schemas';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { servedBuildId } from '../../api/routes/site';
import { waitForProjections } from '../../projections/projection-status';
import { createTestApp, type TestApp } from '../support/test-app';

// The mailing-list subscription (spec 1 §1, §7 "Subscribe to mailing list", §8; docs/site-chrome.md): public,
// kept in the product's own list, the address encrypted in the event, 'already subscribed' as an error with a link.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 600_000);
afterAll(async () => {
  await t.close();
});

const subscribe = (payload: unknown, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/v1/subscriptions', payload: payload as object, remoteAddress: ip });

describe('subscribing', () => {
  it('adds the address to the list without a log-in, and keeps it out of the stream name and event in clear', async () => {
    const response = await subscribe({ email: ' Mia.Subscriber@Example.com ' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: subscribedMessage });
    const position = parsePosition(String(response.headers['x-position']));
    await waitForProjections(t.database.db, ['subscribers'], position!, { timeoutMs: 10_000 });
    const { rows } = await sql<{ email: string; list: string }>`select email, list from mailing_list_subscribers`.execute(t.database.db);
    expect(rows).toEqual([{ email: 'mia.subscriber@example.com', list: 'Home Loans' }]);
    const stored = await sql<{ stream_id: string; data: unknown }>`select stream_id, data from events where type = 'MailingListSubscribed'`.execute(t.database.db);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.stream_id).toMatch(/^subscriber-/);
    expect(JSON.stringify(stored.rows[0])).not.toContain('mia.subscriber');
  });

  it("answers an address already on the list with an error whose message has a link; the text before it is what the UI shows", async () => {
    const before = await t.eventCount();
    const again = await subscribe({ email: 'MIA.subscriber@example.com' }, '10.0.0.2');
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json()).toMatchObject({ code: 'ALREADY_SUBSCRIBED', detail: alreadySubscribedMessage('mia.subscriber@example.com') });
    expect(again.json().detail).toMatch(/<a href="[^"]+">Click here to update your profile<\/a>$/);
    expect(textBeforeLink(again.json().detail)).toBe('mia.subscriber@example.com is already subscribed to list Home Loans.');
    expect(await t.eventCount()).toBe(before);
  });

  it.each([
    ['no address', {}, 'email'],
    ['not an address', { email: 'mia' }, 'email'],
    ['an unknown field', { email: 'x@example.com', name: 'Mia' }, 'name'],
  ])('refuses %s with 422 and writes nothing', async (_name, payload, field) => {
    const before = await t.eventCount();
    const response = await subscribe(payload, '10.0.0.3');
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect(await t.eventCount()).toBe(before);
  });

  it('is rate-limited per client (10 a minute)', async () => {
    const answers: number[] = [];
    for (let n = 0; n < 11; n++) answers.push((await subscribe({ email: `burst${n}@example.com` }, '10.0.0.9')).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('the served version', () => {
  it('answers the build id of the UI being served, or null, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/version' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ build_id: await servedBuildId() });
  });

  it('reads the id the UI build wrote, and null without a readable one', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'version-'));
    const file = path.join(folder, 'version.json');
    expect(await servedBuildId(file)).toBeNull();
    await writeFile(file, JSON.stringify({ build_id: 'build-2' }));
    expect(await servedBuildId(file)).toBe('build-2');
    await writeFile(file, '{"build_id": ""}');
    expect(await servedBuildId(file)).toBeNull();
  });
});
