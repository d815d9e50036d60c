import argon2 from 'argon2';

// argon2id with OWASP's minimum settings (19 MiB, 2 passes, 1 lane): docs/security.md records how long a check takes.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed or erased hash never matches
  }
}

// Checked against when the account does not exist, so a wrong e-mail costs as long as a wrong password.
let decoy: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-never-used');
  await verifyPassword(await decoy, password);
  return false;
}
