import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessageSummary, outboxMessageView } from '../../domain/outbox/schemas';
import { listResultSchema } from '../../domain/shared/list-query';
import { enqueueMessage } from '../../infrastructure/outbox/enqueue';
import { OutboxDelivery } from '../../infrastructure/outbox/outbox-delivery';
import { eraseOutboxSubject } from '../../infrastructure/outbox/queries';
import { createTestApp, type TestApp } from '../support/test-app';

// The admin mailbox API: what the outbox holds, paged and filtered, and one message with its body.

let t: TestApp;
let activationId: string;
let smsId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // A few older mails first, so the activation mail is the newest.
  for (let i = 0; i < 3; i++) {
    await enqueueMessage(db, { channel: 'email', causationId: randomUUID(), template: 'welcome', to: `old${i}@example.com`, subject: `Welcome ${i}`, text: 'Hi' });
  }
  smsId = (await enqueueMessage(db, { channel: 'sms', causationId: randomUUID(), template: 'phone-code', subject: 'Text message: your verification code', dataSubject: 'u-9', to: '+61412345678', text: 'Your code is 654321' })).id;
  activationId = (
    await enqueueMessage(db, {
      channel: 'email',
      causationId: randomUUID(),
      template: 'activation',
      dataSubject: 'u-7',
      to: 'jane.citizen@example.com',
      subject: 'Activate your account',
      text: 'Hello Jane,\nActivate: http://localhost:3000/activate?token=abc',
      html: '<p>Hello Jane</p>',
    })
  ).id;
  // No SMTP_URL: everything is kept for the mailbox.
  await new OutboxDelivery({ db }).deliverDue();
});
afterAll(async () => {
  await t.close();
});

const list = listResultSchema(outboxMessageSummary);

describe('the mailbox API', () => {
  it('lists the messages newest first, kept when there is no transport', async () => {
    const response = await t.asAdmin({ method: 'GET', url: '/v1/outbox_messages' });
    expect(response.statusCode).toBe(200);
    const body = list.parse(response.json());
    expect(body.total_records).toBe(5);
    expect(body.result[0]).toMatchObject({ id: activationId, channel: 'email', recipient: 'jane.citizen@example.com', subject: 'Activate your account', status: 'kept', attempts: 0 });
    expect(body.result[1]).toMatchObject({ id: smsId, channel: 'sms', recipient: '+61412345678', subject: 'Text message: your verification code', status: 'kept' });
    expect(body.result.every((m) => m.status === 'kept')).toBe(true);
    expect(body.result[0]).not.toHaveProperty('text_body');
  });

  it('pages, sorts and filters by channel, status and recipient', async () => {
    const page = list.parse((await t.asAdmin({ method: 'GET', url: '/v1/outbox_messages?page=2&count=2&sorting[created_at]=asc' })).json());
    expect(page.total_records).toBe(5);
    expect(page.result.map((m) => m.subject)).toEqual(['Welcome 2', 'Text message: your verification code']);

    const sms = list.parse((await t.asAdmin({ method: 'GET', url: '/v1/outbox_messages?filter[channel]=sms' })).json());
    expect(sms.result.map((m) => m.id)).toEqual([smsId]);

    const jane = list.parse((await t.asAdmin({ method: 'GET', url: '/v1/outbox_messages?filter[recipient]=JANE.citizen' })).json());
    expect(jane.result.map((m) => m.id)).toEqual([activationId]);

    const pending = list.parse((await t.asAdmin({ method: 'GET', url: '/v1/outbox_messages?filter[status]=pending' })).json());
    expect(pending).toEqual({ total_records: 0, result: [] });
  });

  it('shows one message with its body', async () => {
    const response = await t.asAdmin({ method: 'GET', url: `/v1/outbox_messages/${activationId}` });
    expect(response.statusCode).toBe(200);
    expect(outboxMessageView.parse(response.json())).toMatchObject({
      id: activationId,
      text_body: 'Hello Jane,\nActivate: http://localhost:3000/activate?token=abc',
      html_body: '<p>Hello Jane</p>',
      body_withheld: false,
      template: 'activation',
    });
  });

  it('answers 404 for an unknown message and 422 for bad input', async () => {
    const unknown = await t.asAdmin({ method: 'GET', url: `/v1/outbox_messages/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'OUTBOX_MESSAGE_NOT_FOUND' });
    for (const url of [
      '/v1/outbox_messages/not-a-uuid',
      '/v1/outbox_messages?filter[channel]=fax',
      '/v1/outbox_messages?filter[recipient]=%25%27or%201=1',
      '/v1/outbox_messages?sorting[recipient]=asc',
      '/v1/outbox_messages?count=1000',
    ]) {
      const response = await t.asAdmin({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it('shows an erased message without its recipient or content', async () => {
    await eraseOutboxSubject(t.database.db, 'u-9');
    const one = outboxMessageView.parse((await t.asAdmin({ method: 'GET', url: `/v1/outbox_messages/${smsId}` })).json());
    expect(one).toMatchObject({ status: 'erased', recipient: null, text_body: null, body_withheld: false });
    const found = list.parse((await t.asAdmin({ method: 'GET', url: '/v1/outbox_messages?filter[recipient]=61412345678' })).json());
    expect(found.total_records).toBe(0);
  });
});

describe('the mailbox API in production', () => {
  let production: TestApp;
  let queuedId: string;
  beforeAll(async () => {
    production = await createTestApp({ production: true });
    queuedId = (await enqueueMessage(production.database.db, { channel: 'email', causationId: randomUUID(), template: 'welcome', to: 'someone@example.com', subject: 'Welcome', text: 'Your code is 123456' })).id;
  });
  afterAll(async () => {
    await production.close();
  });

  it('is for admins, and a message on its way to a real mailbox keeps its body to itself', async () => {
    const one = outboxMessageView.parse((await production.asAdmin({ method: 'GET', url: `/v1/outbox_messages/${queuedId}` })).json());
    expect(one).toMatchObject({ body_withheld: true, text_body: null });
    const provider = await production.createUser({ userType: 'fsp' });
    for (const url of ['/v1/outbox_messages', `/v1/outbox_messages/${queuedId}`]) {
      expect((await production.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await production.app.inject({ method: 'GET', url, headers: provider.headers })).statusCode).toBe(403);
    }
  });
});
