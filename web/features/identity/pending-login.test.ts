import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pkceChallenge } from './pending-login';

const verifierAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.split('');

describe('PKCE challenge', () => {
  it('is base64url(sha256(verifier)) as the server checks it, for any verifier', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...verifierAlphabet), minLength: 43, maxLength: 128 }), (verifier) => {
        const challenge = pkceChallenge(verifier);
        expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
        expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }),
    );
  });
});
