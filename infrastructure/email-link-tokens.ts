import { errors, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import type { Database } from './database/database';

// The signed, single-purpose links of the trade e-mails (docs/trade-mail.md "Link tokens"): a token binds one action
// to one post (and bid), one recipient and an expiry. It is an HS256 JWT signed with the product's key like the
// identity codes (identity-tokens.ts) but with its own `typ`, so no other token can stand in for it. Tokens are
// derived from the causing event (same event, same token), so nothing is stored until one is used; a used token's
// id (`jti`) is recorded in `email_link_uses`, which makes every link work once: claimed while its action runs,
// recorded for good when it is done. The extend link's id also goes into the post's event, so a link whose claim
// ran out after a crash cannot extend twice (domain/post/lifecycle.ts `extension_links`).

export const emailLinkActions = ['extend_review_period', 'cancel_automatic_selection', 'connect_me'] as const;
export type EmailLinkAction = (typeof emailLinkActions)[number];

/** How long a connect-me link lives; the post links live until the review period they act on ends. */
export const CONNECT_ME_LINK_DAYS = 14;

const TYP = 'email_link';

export type EmailLinkClaims = {
  /** Unique per link (derived from the causing event and the action): what a use records. */
  tokenId: string;
  action: EmailLinkAction;
  postId: string;
  /** connect_me only. */
  bidId: string | null;
  /** The recipient: the link acts as this user. */
  userId: string;
  expiresAt: Date;
};

export function issueEmailLinkToken(key: Uint8Array, claims: EmailLinkClaims, issuedAt: Date): Promise<string> {
  return new SignJWT({ typ: TYP, act: claims.action, post: claims.postId, ...(claims.bidId ? { bid: claims.bidId } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setJti(claims.tokenId)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(key);
}

export type EmailLinkCheck = { ok: true; claims: EmailLinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The claims of a token that is ours, of this kind and unexpired; never throws. */
export async function verifyEmailLinkToken(key: Uint8Array, token: string, now: Date): Promise<EmailLinkCheck> {
  try {
    // Only HS256: `alg: none` and key-confusion tokens fail here. The signature is checked before the expiry, so
    // 'expired' is said only of a token we signed.
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    const { typ, act, post, bid, sub, jti, exp } = payload;
    if (typ !== TYP || !isString(sub) || !isString(jti) || !isString(post) || typeof exp !== 'number') return { ok: false, reason: 'invalid' };
    if (!(emailLinkActions as readonly unknown[]).includes(act)) return { ok: false, reason: 'invalid' };
    const action = act as EmailLinkAction;
    if ((action === 'connect_me') !== isString(bid)) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { tokenId: jti, action, postId: post, bidId: isString(bid) ? bid : null, userId: sub, expiresAt: new Date(exp * 1000) } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** How long a link's use is held for its action; longer than any action takes, short enough to retry after a crash. */
export const EMAIL_LINK_CLAIM_SECONDS = 120;

/**
 * Claims a link for its action: false when it was used, or is being used right now (one statement, so two concurrent
 * uses cannot both win). A claim left by a process that died before `confirmEmailLink` runs out and can be taken.
 */
export async function claimEmailLink(db: Database, claims: EmailLinkClaims, now: Date): Promise<boolean> {
  const claimedUntil = new Date(now.getTime() + EMAIL_LINK_CLAIM_SECONDS * 1000);
  const claimed = await db
    .insertInto('email_link_uses')
    .values({ token_id: claims.tokenId, action: claims.action, post_id: claims.postId, user_id: claims.userId, used_at: now, claimed_until: claimedUntil })
    .onConflict((oc) =>
      oc
        .column('token_id')
        .doUpdateSet({ used_at: now, claimed_until: claimedUntil })
        // A use recorded for good (null) never compares true: only a claim that ran out is taken.
        .where('email_link_uses.claimed_until', '<', now),
    )
    .returning('token_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Records the use for good once the link's action is done. */
export async function confirmEmailLink(database: Database, tokenId: string): Promise<void> {
  await sql`update email_link_uses set claimed_until = null where token_id = ${tokenId}`.execute(database);
}

/** Gives a claimed link back when its action was refused or failed: nothing happened, so the link still works. */
export async function releaseEmailLink(database: Database, tokenId: string): Promise<void> {
  await sql`delete from email_link_uses where token_id = ${tokenId}`.execute(database);
}
