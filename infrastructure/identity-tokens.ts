import { createHash } from 'node:crypto';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';

// The codes carried by e-mailed links (docs/security.md "Activation and password recovery"). Signed like the access
// tokens (tokens.ts), each kind with its own `typ`, so an access token, a user key, an activation code and a reset
// token can never stand in for one another. Nothing is stored: the mail projection derives them from the event.

export const ACTIVATION_CODE_DAYS = 7;
export const PASSWORD_RESET_MINUTES = 60;

type Kind = 'activation' | 'password_reset';

async function sign(key: Uint8Array, kind: Kind, userId: string, issuedAt: Date, lifetimeSeconds: number, claims: JWTPayload = {}): Promise<string> {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ ...claims, typ: kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(key);
}

/** The payload of a token of `kind` that is ours, unexpired and well-formed; null otherwise (never throws). */
async function verify(key: Uint8Array, kind: Kind, token: string, now: Date): Promise<(JWTPayload & { sub: string }) | null> {
  try {
    // Only HS256: `alg: none` and key-confusion tokens fail here.
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    return payload.typ === kind && typeof payload.sub === 'string' ? { ...payload, sub: payload.sub } : null;
  } catch {
    return null;
  }
}

/** The code of an activation link (`/activate?code=…`), valid for 7 days from the sign-up or resend. */
export function issueActivationCode(key: Uint8Array, userId: string, issuedAt: Date): Promise<string> {
  return sign(key, 'activation', userId, issuedAt, ACTIVATION_CODE_DAYS * 86_400);
}

/** The user an activation code activates, or null when forged, expired or another kind of token. */
export async function verifyActivationCode(key: Uint8Array, code: string, now: Date): Promise<string | null> {
  return (await verify(key, 'activation', code, now))?.sub ?? null;
}

/**
 * A short fingerprint of the password hash a reset link was made for. The link carries it, and works only while the
 * password is still that one: once used (or the password changed otherwise) it is dead. argon2 hashes are salted,
 * so setting the same password again still kills it. A user without a password (a customer still posting) has one too.
 */
export function passwordTag(passwordHash: string | null): string {
  return createHash('sha256').update(passwordHash ?? '').digest('base64url').slice(0, 16);
}

export type PasswordReset = { userId: string; resetId: string; passwordTag: string };

/** The token of a password-recovery link (`/recover-password?token=…`), valid for one hour and one use. */
export function issuePasswordResetToken(key: Uint8Array, reset: PasswordReset, issuedAt: Date): Promise<string> {
  return sign(key, 'password_reset', reset.userId, issuedAt, PASSWORD_RESET_MINUTES * 60, { jti: reset.resetId, pwt: reset.passwordTag });
}

/** The reset a token asks for, or null when forged, expired or another kind; the caller compares `passwordTag`. */
export async function verifyPasswordResetToken(key: Uint8Array, token: string, now: Date): Promise<PasswordReset | null> {
  const payload = await verify(key, 'password_reset', token, now);
  if (!payload || typeof payload.jti !== 'string' || typeof payload.pwt !== 'string') return null;
  return { userId: payload.sub, resetId: payload.jti, passwordTag: payload.pwt };
}
