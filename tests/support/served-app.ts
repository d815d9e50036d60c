import { sql } from 'kysely';
import { expect } from 'vitest';
import { loadLocalities } from '../../infrastructure/localities';
import { createTestApp, type TestApp } from './test-app';

// The built UI (dist/web) served by a test app on a real port, for browser tests that also read the app's database:
// the mail and SMS the outbox kept (embedded PGlite belongs to one process, so startServer would lock them out).

export type ServedApp = TestApp & {
  baseUrl: string;
  /** The link of the newest mail of `template` to `recipient`, on this server. */
  mailLink(recipient: string, template: string): Promise<string>;
  /** The code of the newest phone-verification SMS, to `recipient` when given. */
  smsCode(recipient?: string): Promise<string>;
};

export async function serveTestApp(options: { localities?: boolean } = {}): Promise<ServedApp> {
  const t = await createTestApp();
  if (options.localities) await loadLocalities(t.database.db); // the server does this at start
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  async function newest(where: { template: string; recipient?: string }): Promise<string> {
    let text: string | null = null;
    await expect
      .poll(
        async () => {
          const recipient = where.recipient === undefined ? sql`true` : sql`recipient = ${where.recipient}`;
          const { rows } = await sql<{ text_body: string }>`
            select text_body from outbox_messages where template = ${where.template} and ${recipient} order by created_at desc, seq desc limit 1`.execute(t.database.db);
          text = rows[0]?.text_body ?? null;
          return text;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    return text!;
  }

  return {
    ...t,
    baseUrl,
    mailLink: async (recipient, template) => {
      // PUBLIC_URL is the default here (http://localhost:<PORT>), so only the path and query are kept.
      const link = new URL((await newest({ recipient, template })).match(/https?:\/\/\S+/)![0]);
      return `${baseUrl}${link.pathname}${link.search}`;
    },
    smsCode: async (recipient) => /\b(\d{6})\b/.exec(await newest({ template: 'phone-code', ...(recipient ? { recipient } : {}) }))![1]!,
  };
}
