import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pkceChallenge } from './pending-login';

const verifierAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.split('');

/** The reference: Web Crypto's SHA-256 (what a browser on https would use), base64url without padding. */
async function webCryptoChallenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

describe('PKCE challenge', () => {
  it('is base64url(sha256(verifier)) as the server checks it, for any verifier', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom(...verifierAlphabet), minLength: 43, maxLength: 128 }), async (verifier) => {
        const challenge = pkceChallenge(verifier);
        expect(challenge).toBe(await webCryptoChallenge(verifier));
        expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }),
    );
  });
});
