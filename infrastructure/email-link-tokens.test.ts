import { describe, expect, it } from 'vitest';
import { issueActivationCode } from './identity-tokens';
import { type EmailLinkClaims, issueEmailLinkToken, verifyEmailLinkToken } from './email-link-tokens';

// The trade e-mails' link tokens (docs/trade-mail.md "Link tokens"): what they bind, and what they refuse.

const key = new Uint8Array(32).fill(1);
const now = new Date('2026-11-21T10:00:00Z');
const claims: EmailLinkClaims = {
  tokenId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  action: 'extend_review_period',
  postId: '0b5e7f5e-3f7a-4d8e-9a51-2f1f4b0e6c11',
  bidId: null,
  userId: '2a0c7b44-9a3e-4f55-8f0e-8d8d1f3f4a22',
  expiresAt: new Date('2026-11-23T10:00:00Z'),
};

describe('email link tokens', () => {
  it('carry the action, post, bid, recipient, id and expiry they were made with; the same claims sign the same token', async () => {
    const token = await issueEmailLinkToken(key, claims, now);
    expect(await issueEmailLinkToken(key, claims, now)).toBe(token);
    expect(await verifyEmailLinkToken(key, token, now)).toEqual({ ok: true, claims });
    const connect = { ...claims, action: 'connect_me' as const, bidId: '5d2f1c3a-1b2c-4d5e-8f90-112233445566' };
    expect(await verifyEmailLinkToken(key, await issueEmailLinkToken(key, connect, now), now)).toEqual({ ok: true, claims: connect });
  });

  it('are expired after their expiry, and invalid under another key or when altered', async () => {
    const token = await issueEmailLinkToken(key, claims, now);
    expect(await verifyEmailLinkToken(key, token, new Date('2026-11-23T10:00:01Z'))).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyEmailLinkToken(new Uint8Array(32).fill(2), token, now)).toEqual({ ok: false, reason: 'invalid' });
    const [header, , signature] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ typ: 'email_link', act: 'cancel_automatic_selection', post: claims.postId, sub: claims.userId, jti: claims.tokenId, exp: 2e9 })).toString('base64url');
    expect(await verifyEmailLinkToken(key, `${header}.${altered}.${signature}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyEmailLinkToken(key, 'garbage', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('no other token of the product stands in for one', async () => {
    const activation = await issueActivationCode(key, claims.userId, now);
    expect(await verifyEmailLinkToken(key, activation, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a connect-me token must name a bid, a post update must not', async () => {
    const noBid = await issueEmailLinkToken(key, { ...claims, action: 'connect_me' }, now);
    expect(await verifyEmailLinkToken(key, noBid, now)).toEqual({ ok: false, reason: 'invalid' });
    const withBid = await issueEmailLinkToken(key, { ...claims, bidId: '5d2f1c3a-1b2c-4d5e-8f90-112233445566' }, now);
    expect(await verifyEmailLinkToken(key, withBid, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
