import { describe, expect, it } from 'vitest';
import type { CallerRow } from '../projections/users/queries';
import { KnownCallers } from './known-callers';

const rowOf = (uuid: string, status: CallerRow['status'] = 'active'): CallerRow => ({ uuid, user_type: 'fsp', status, organisation_uuid: null, permissions: {} });

/** A LISTEN the test drives: `notify` delivers a payload, `lose` drops the connection, `fail` refuses the next listen. */
function fakeListen() {
  let onPayload: ((payload: string) => void) | null = null;
  let onLost: (() => void) | null = null;
  const control = {
    listens: 0,
    failNext: false,
    notify: (payload: string) => onPayload?.(payload),
    lose: () => onLost?.(),
    listen: async (_channel: string, payload: (p: string) => void, lost?: () => void) => {
      control.listens += 1;
      if (control.failNext) {
        control.failNext = false;
        throw new Error('connection refused');
      }
      onPayload = payload;
      onLost = lost ?? null;
      return async () => {};
    },
  };
  return control;
}

/** A users table the test changes, counting reads. */
function usersTable() {
  const rows = new Map<string, CallerRow>();
  const table = {
    reads: 0,
    rows,
    read: async (userId: string) => {
      table.reads += 1;
      return rows.get(userId);
    },
  };
  return table;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('KnownCallers', () => {
  it('keeps a row once listening, and reads it again after its user changed', async () => {
    const listen = fakeListen();
    const users = usersTable();
    users.rows.set('u1', rowOf('u1'));
    const callers = new KnownCallers<CallerRow>({ listen: listen.listen });
    expect(await callers.row('u1', users.read)).toEqual(rowOf('u1')); // not listening yet: read, not kept
    await settle();
    await callers.row('u1', users.read);
    await callers.row('u1', users.read);
    expect(users.reads).toBe(2);
    users.rows.set('u1', rowOf('u1', 'suspended'));
    listen.notify('u1');
    expect((await callers.row('u1', users.read))?.status).toBe('suspended');
    expect(users.reads).toBe(3);
  });

  it('does not keep a row read while a change was heard (it may predate the change)', async () => {
    const listen = fakeListen();
    const users = usersTable();
    users.rows.set('u1', rowOf('u1'));
    const callers = new KnownCallers<CallerRow>({ listen: listen.listen });
    await callers.row('u1', users.read);
    await settle();
    const stale = rowOf('u1');
    const reading = callers.row('u1', async () => {
      users.rows.set('u1', rowOf('u1', 'suspended'));
      listen.notify('u1'); // the change commits and is heard before the old row arrives
      return stale;
    });
    expect(await reading).toBe(stale);
    expect((await callers.row('u1', users.read))?.status).toBe('suspended');
  });

  it('forgetAll: every row is read afresh, and a row in flight meanwhile is not kept', async () => {
    const listen = fakeListen();
    const users = usersTable();
    users.rows.set('u1', rowOf('u1'));
    users.rows.set('u2', rowOf('u2'));
    const callers = new KnownCallers<CallerRow>({ listen: listen.listen });
    await callers.row('u1', users.read);
    await settle();
    await callers.row('u1', users.read);
    await callers.row('u2', users.read);
    expect(callers.size).toBe(2);
    callers.forgetAll();
    expect(callers.size).toBe(0);
    await callers.row('u1', async (id) => {
      const row = await users.read(id);
      callers.forgetAll(); // a change applied while this row was on its way
      return row;
    });
    expect(callers.size).toBe(0);
    await callers.row('u1', users.read);
    expect(callers.size).toBe(1);
  });

  it('trusts nothing kept once the listening connection is lost, and listens again on a later request', async () => {
    const listen = fakeListen();
    const users = usersTable();
    users.rows.set('u1', rowOf('u1'));
    const callers = new KnownCallers<CallerRow>({ listen: listen.listen, retryMs: 0 });
    await callers.row('u1', users.read);
    await settle();
    await callers.row('u1', users.read);
    expect(callers.size).toBe(1);
    listen.lose();
    expect(callers.size).toBe(0);
    users.rows.set('u1', rowOf('u1', 'suspended')); // changed while nobody listened
    expect((await callers.row('u1', users.read))?.status).toBe('suspended');
    await settle();
    expect(listen.listens).toBe(2);
  });

  it('after a failed listen reads every row and tries again only after retryMs', async () => {
    let now = 0;
    const listen = fakeListen();
    listen.failNext = true;
    const users = usersTable();
    users.rows.set('u1', rowOf('u1'));
    const callers = new KnownCallers<CallerRow>({ listen: listen.listen, retryMs: 5000, now: () => now });
    await callers.row('u1', users.read);
    await settle();
    await callers.row('u1', users.read);
    await callers.row('u1', users.read);
    expect(users.reads).toBe(3);
    expect(listen.listens).toBe(1);
    now = 5000;
    await callers.row('u1', users.read);
    await settle();
    expect(listen.listens).toBe(2);
    await callers.row('u1', users.read);
    await callers.row('u1', users.read);
    expect(users.reads).toBe(5);
  });

  it('reads a row again after maxAgeMs (a rebuilt users projection swaps in unannounced) and keeps at most maxRows', async () => {
    let now = 0;
    const listen = fakeListen();
    const users = usersTable();
    for (const id of ['u1', 'u2', 'u3']) users.rows.set(id, rowOf(id));
    const callers = new KnownCallers<CallerRow>({ listen: listen.listen, maxAgeMs: 60_000, maxRows: 2, now: () => now });
    await callers.row('u1', users.read);
    await settle();
    await callers.row('u1', users.read);
    now = 59_999;
    await callers.row('u1', users.read);
    expect(users.reads).toBe(2);
    now = 60_000;
    await callers.row('u1', users.read);
    expect(users.reads).toBe(3);
    await callers.row('u2', users.read);
    await callers.row('u3', users.read);
    expect(callers.size).toBe(2);
    await callers.row('u1', users.read); // the oldest went
    expect(users.reads).toBe(6);
  });

  it('keeps no unknown user and nothing after close', async () => {
    const listen = fakeListen();
    const users = usersTable();
    const callers = new KnownCallers<CallerRow>({ listen: listen.listen });
    await callers.row('ghost', users.read);
    await settle();
    expect(await callers.row('ghost', users.read)).toBeUndefined();
    expect(callers.size).toBe(0);
    users.rows.set('u1', rowOf('u1'));
    await callers.row('u1', users.read);
    expect(callers.size).toBe(1);
    await callers.close();
    expect(callers.size).toBe(0);
    await callers.row('u1', users.read);
    expect(callers.size).toBe(0);
  });
});
