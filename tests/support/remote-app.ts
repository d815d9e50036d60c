import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../../infrastructure/config';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { loadSecrets } from '../../infrastructure/secrets';
import { waitForProjections } from '../../projections/projection-status';
import type { TestApp } from './test-app';
import { countEvents, createTestDatabase, newestEventPosition } from './test-database';
import { as, createUser, type UserSpec } from './users';

// The tests/support helpers (activePost, provider, placeBid…) drive a TestApp through `app.inject`. Here the API is
// another process: `inject` becomes a real HTTP request to wherever that process listens now (it moves on every
// restart), and users are made through the event store as tests/support/users.ts does.

const settledReadModels = ['users', 'organisations', 'posts', 'bids', 'deals'];

export type RemoteApp = TestApp & {
  /** Where requests go from now on (the API process was started again on another port). */
  setBaseUrl(url: string): void;
  /** Whether each acknowledged write is waited for in the read models before the answer is handed on (default true). */
  settleWrites(on: boolean): void;
  /** How many projections and reactors have not applied the whole log yet. */
  behind(): Promise<number>;
  /** Every projection and reactor has applied the whole log (the worker caught up). */
  caughtUp(timeoutMs?: number): Promise<void>;
};

/**
 * A fresh database on the PostgreSQL server, with an admin; start the processes on `database.url` afterwards.
 * `onAnswer` sees every answer's body (the log test collects the tokens it must not find in the logs).
 */
export async function createRemoteApp(options: { onAnswer?: (body: string) => void } = {}): Promise<RemoteApp> {
  const { onAnswer } = options;
  const database = await createTestDatabase('server');
  const store = await openEventStore(loadConfig({ NODE_ENV: 'test' }), database.db);
  const secrets = await loadSecrets(database.db);
  let baseUrl = '';
  let settle = true;
  const inject = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const payload = options.payload;
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${options.url as string}`, {
      method: options.method ?? 'GET',
      headers,
      ...(payload !== undefined ? { body: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    const body = await response.text();
    onAnswer?.(body);
    const position = response.ok ? parsePosition(response.headers.get('x-position') ?? '') : null;
    // The worker is another process: the setup's next call may read what this one wrote (the helpers expect that).
    if (settle && position) await waitForProjections(database.db, settledReadModels, position, { timeoutMs: 60_000 });
    // The part of LightMyRequestResponse the helpers read.
    return { statusCode: response.status, body, headers: Object.fromEntries(response.headers), json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
  };
  // The store is not empty once the admin exists, so the api process adds no demo data.
  const { position: adminPosition, ...admin } = await createUser({ store, secrets }, { userType: 'admin' });
  // The API knows a token's user from the users read model, which the worker fills once it runs.
  let adminVisible: Promise<unknown> | undefined;
  const asAdmin = async (options: InjectOptions) => {
    adminVisible ??= adminPosition ? waitForProjections(database.db, ['users'], adminPosition, { timeoutMs: 120_000 }) : Promise.resolve();
    await adminVisible;
    return inject(as(admin, options));
  };
  // One query (projectionHealth asks once per build: many connections of a server shared with other tests).
  const buildsBehind = async () => {
    const head = await newestEventPosition(database.db);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from projection_builds
      where status = 'building' or (status = 'live' and (checkpoint_commit, checkpoint_prepare) < (${head.commit.toString()}::numeric, ${head.prepare.toString()}::numeric))`.execute(database.db);
    return rows[0]!.n;
  };
  const remote: RemoteApp = {
    app: { inject } as unknown as FastifyInstance,
    database,
    store,
    secrets,
    admin,
    asAdmin,
    createUser: async (spec: UserSpec) => {
      const { position, ...user } = await createUser({ store, secrets }, spec);
      if (position) await waitForProjections(database.db, ['users'], position, { timeoutMs: 60_000 });
      return user;
    },
    eventCount: () => countEvents(database.db),
    close: async () => {
      await store.close();
      await database.close();
    },
    settleWrites: (on) => {
      settle = on;
    },
    setBaseUrl: (url) => {
      baseUrl = url;
    },
    behind: () => buildsBehind(),
    caughtUp: async (timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      while ((await buildsBehind()) > 0) {
        if (Date.now() > deadline) throw new Error('The projections did not catch up');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
  return remote;
}
