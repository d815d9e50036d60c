import { expect, it } from 'vitest';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords';

it('hashes with argon2id and verifies only the right password', async () => {
  const hash = await hashPassword('Correct-horse-9');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  expect(await verifyPassword(hash, 'Correct-horse-9')).toBe(true);
  expect(await verifyPassword(hash, 'correct-horse-9')).toBe(false);
  expect(await verifyPassword('not a hash', 'Correct-horse-9')).toBe(false);
  expect(await spendPasswordCheck('anything')).toBe(false);
});
