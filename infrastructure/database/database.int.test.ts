import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { isDatabaseUnavailable, openDatabase } from './database';

// A server connection that goes away (the server restarts, an administrator ends the session) must fail what used
// it as "database unavailable" (a 503), never crash the process, and leave the handle usable once the server
// answers (docs/operations.md "PostgreSQL outage"; the whole outage: tests/faults/postgres-restart.faults.test.ts).
// Ending our own sessions with pg_terminate_backend does that without stopping the shared server.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('server');
});
afterAll(async () => {
  await database.close();
});

const terminate = (pid: number) => sql`select pg_terminate_backend(${pid})`.execute(database.db);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a PostgreSQL server connection that goes away', () => {
  it('fails the transaction using it as "database unavailable", without an uncaught error, and the pool carries on', async () => {
    // Ended between two statements of a transaction: the checked-out client hears of it with no query running,
    // which without a listener of its own is an uncaught 'error' event (vitest reports it and fails).
    const failure = await database.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminate(rows[0]!.pid);
        await sleep(300);
        await sql`select 1`.execute(trx);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('tells a listener when its connection is lost, and not when it stops listening itself', async () => {
    let lost = 0;
    await database.listen('database_test_channel', () => {}, () => lost++);
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and query = 'listen database_test_channel'`.execute(database.db);
    expect(rows).toHaveLength(1);
    await terminate(rows[0]!.pid);
    for (let waited = 0; lost === 0 && waited < 5000; waited += 50) await sleep(50);
    expect(lost).toBe(1);

    let stoppedLost = 0;
    const stop = await database.listen('database_test_channel', () => {}, () => stoppedLost++);
    await stop();
    await sleep(300);
    expect(stoppedLost).toBe(0);
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it.each([
    ['a connection failure (class 08)', withCode('connection failure', '08006')],
    ['an administrator ending the session', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ["pg's lost connection", new Error('Connection terminated unexpectedly')],
    ["pg's connect timeout", new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a statement error', withCode('syntax error at or near "selec"', '42601')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a coded error that mentions a terminated connection', withCode('Connection terminated by the user', 'E_OTHER')],
    ['an error of the code', new Error('Cannot read properties of undefined')],
    ['a value that is no error', 'Connection terminated'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('statements run by name (StatementNames)', () => {
  // One connection, so the statements prepared by one call are the ones the next call meets.
  const oneConnection = () => openDatabase({ url: database.url!, maxConnections: 1 });

  it('prepares a statement on its third use and runs it by name from then on', async () => {
    const handle = await oneConnection();
    try {
      const run = () => sql<{ next: number }>`select ${41}::int + 1 as next`.execute(handle.db);
      const namesOfOurs = async () =>
        (await sql<{ name: string }>`select name from pg_prepared_statements where statement = ${'select $1::int + 1 as next'}`.execute(handle.db)).rows.map((r) => r.name);
      expect((await run()).rows).toEqual([{ next: 42 }]);
      expect((await run()).rows).toEqual([{ next: 42 }]);
      expect(await namesOfOurs()).toEqual([]);
      expect((await run()).rows).toEqual([{ next: 42 }]);
      expect(await namesOfOurs()).toEqual([expect.stringMatching(/^hla_\d+$/)]);
      expect((await run()).rows).toEqual([{ next: 42 }]);
    } finally {
      await handle.close();
    }
  });

  it('reads a re-created view’s new columns with select *, and recovers after a named statement’s column changed type', async () => {
    const handle = await oneConnection();
    try {
      await sql`create table statement_names_t (a int, b text)`.execute(handle.db);
      await sql`insert into statement_names_t values (1, 'one')`.execute(handle.db);
      await sql`create view statement_names_v as select a from statement_names_t`.execute(handle.db);
      const all = () => sql<Record<string, unknown>>`select * from statement_names_v where a = ${1}`.execute(handle.db);
      const named = () => sql<{ a: unknown }>`select a from statement_names_v where a::int = ${1}`.execute(handle.db);
      for (let i = 0; i < 4; i++) {
        expect((await all()).rows).toEqual([{ a: 1 }]);
        expect((await named()).rows).toEqual([{ a: 1 }]);
      }
      // A rebuild swapping in: the view is made again, with a column more and a changed type.
      await sql`drop view statement_names_v`.execute(handle.db);
      await sql`create view statement_names_v as select a::text as a, b from statement_names_t`.execute(handle.db);
      expect((await all()).rows).toEqual([{ a: '1', b: 'one' }]);
      const first = await named().then(() => null, (error: unknown) => error);
      expect(String(first)).toMatch(/cached plan must not change result type/);
      expect((await named()).rows).toEqual([{ a: '1' }]);
    } finally {
      await sql`drop view if exists statement_names_v`.execute(handle.db);
      await sql`drop table if exists statement_names_t`.execute(handle.db);
      await handle.close();
    }
  });
});

describe('a statement of its own chosen as a deadlock victim', () => {
  it('runs again and answers (a read meeting a read model swap, which replaces views)', async () => {
    await sql`create table deadlock_a (n int); create table deadlock_b (n int); insert into deadlock_a values (1); insert into deadlock_b values (2)`.execute(database.db);
    // Another session locks a, then b after our statement holds b and waits for a. It waits longer before it looks
    // for a deadlock (10 s against 1 s), so ours is the one PostgreSQL undoes.
    const other = new pg.Client({ connectionString: database.url! });
    await other.connect();
    try {
      await other.query(`begin; set local deadlock_timeout = '10s'; lock table deadlock_a in access exclusive mode`);
      const read = sql<{ a: number; b: number }>`select deadlock_a.n as a, deadlock_b.n as b from deadlock_b, deadlock_a`.execute(database.db);
      const waiting = async () => (await other.query(`select count(*)::int as n from pg_locks where relation = 'deadlock_a'::regclass and not granted`)).rows[0].n > 0;
      while (!(await waiting())) await sleep(20);
      await other.query('lock table deadlock_b in access exclusive mode');
      await other.query('commit');
      expect((await read).rows).toEqual([{ a: 1, b: 2 }]);
    } finally {
      await other.end();
    }
  });
});
