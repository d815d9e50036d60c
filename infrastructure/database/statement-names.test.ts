import { describe, expect, it } from 'vitest';
import { StatementNames } from './database';

describe('StatementNames', () => {
  const useThrice = (names: StatementNames, text: string) => [names.nameOf(text), names.nameOf(text), names.nameOf(text)];

  it('names plain DML on its third use, the same name from then on, a different one per text', () => {
    const names = new StatementNames();
    const [first, second, third] = useThrice(names, 'select a from t where id = $1');
    expect([first, second]).toEqual([undefined, undefined]);
    expect(third).toMatch(/^hla_\d+$/);
    expect(names.nameOf('select a from t where id = $1')).toBe(third);
    for (const text of ['insert into t (a) values ($1)', 'update t set a = $1', 'delete from t where a = $1', 'with x as (select 1) select count(*) from x']) {
      const named = useThrice(names, text)[2];
      expect(named, text).toMatch(/^hla_\d+$/);
      expect(named).not.toBe(third);
    }
  });

  it('never names select * (a re-created view may bring other columns), nor anything but DML', () => {
    const names = new StatementNames();
    for (const text of ['select * from users where uuid = $1', 'select "users".* from "users"', 'insert into t values ($1) returning *', 'begin', 'create view v as select 1', 'listen x']) {
      expect(useThrice(names, text), text).toEqual([undefined, undefined, undefined]);
    }
  });

  it('counts at most 10,000 texts towards a name: beyond, the counts start again', () => {
    const names = new StatementNames();
    names.nameOf('select a from t where id = $1');
    names.nameOf('select a from t where id = $1');
    for (let i = 0; i < 10_000; i++) names.nameOf(`select ${i} from once`);
    expect(useThrice(names, 'select a from t where id = $1')).toEqual([undefined, undefined, expect.stringMatching(/^hla_\d+$/)]);
  });

  it('holds at most 1000 names, and a forgotten text runs unnamed for good', () => {
    const names = new StatementNames();
    for (let i = 0; i < 1000; i++) expect(useThrice(names, `select ${i}`)[2]).toBeDefined();
    expect(useThrice(names, 'select 1000')).toEqual([undefined, undefined, undefined]);
    names.forget('select 0');
    expect(names.nameOf('select 0')).toBeUndefined();
    expect(names.nameOf('select 1')).toBe('hla_1');
  });
});
