import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { phoneCodeLimits } from '../domain/user/profile';
import type { Database } from './database/database';
import type { Ids } from './ids';
import { enqueueMessage } from './outbox/enqueue';

// Phone verification (spec 2 §4: a code is sent, then verified; docs/security.md "Phone codes"). A 6-digit code goes
// out by SMS; the table keeps only a keyed hash of the code bound to the number, so neither the code nor the number
// is stored, and the check needs the number again. A code lives 10 minutes and survives 5 guesses; a user gets at
// most 3 codes in 10 minutes.

export const CODE_MINUTES = phoneCodeLimits.validMinutes;
export const MAX_ATTEMPTS = 5;
export const MAX_CODES_PER_WINDOW = 3;
const WINDOW_MINUTES = 10;
/** Rows are only needed for the expiry and the rate window; older ones are deleted. */
const KEEP_MINUTES = 60;

export type PhoneNumber = { countryCode: string; mobileNumber: string };

/** E.164 (+61412345678): the country code and the national number without its trunk 0; null if it cannot be one. */
export function e164(phone: PhoneNumber): string | null {
  const number = `+${phone.countryCode}${phone.mobileNumber.replace(/^0+/, '')}`;
  return /^\+[1-9]\d{6,14}$/.test(number) ? number : null;
}

/** HMAC keyed with a server secret: 10^6 codes are too few for a plain hash to hide one. */
function codeHash(key: Uint8Array, id: string, phone: PhoneNumber, code: string): Buffer {
  return createHmac('sha256', key).update(['phone-code', id, phone.countryCode, phone.mobileNumber, code].join('\u0000')).digest();
}

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** `code` is the code sent: only a development server shows it (no SMS gateway; docs/security.md "Phone codes"). */
export type SendResult = { ok: true; code: string } | { ok: false; reason: 'not_mobile' | 'too_many_codes' };

/** Makes a code and puts its SMS in the outbox in one transaction: no row without its message, and the reverse. */
export async function sendPhoneCode(
  database: Database,
  deps: { key: Uint8Array; ids: Ids },
  request: PhoneNumber & { userId: string; now: Date },
): Promise<SendResult> {
  const to = e164(request);
  if (!to) return { ok: false, reason: 'not_mobile' };
  return database.transaction().execute(async (db) => {
    // One request per user at a time, so two at once cannot both pass the rate limit.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`phone-verification:${request.userId}`}, 0))`.execute(db);
    await db.deleteFrom('phone_verifications').where('created_at', '<', minutesBefore(request.now, KEEP_MINUTES)).execute();
    const recent = await db
      .selectFrom('phone_verifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', request.userId)
      .where('created_at', '>', minutesBefore(request.now, WINDOW_MINUTES))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= MAX_CODES_PER_WINDOW) return { ok: false, reason: 'too_many_codes' } as const;

    const id = deps.ids.uuid();
    const code = randomInt(0, 10 ** phoneCodeLimits.digits).toString().padStart(phoneCodeLimits.digits, '0');
    await db
      .insertInto('phone_verifications')
      .values({
        id,
        user_id: request.userId,
        code_hash: codeHash(deps.key, id, request, code).toString('hex'),
        attempts: 0,
        expires_at: new Date(request.now.getTime() + CODE_MINUTES * 60_000),
        used_at: null,
        created_at: request.now,
      })
      .execute();
    await enqueueMessage(db, {
      channel: 'sms',
      causationId: id,
      template: 'phone-code',
      subject: 'Text message: your verification code',
      dataSubject: request.userId,
      to,
      text: `Your verification code is ${code}. It expires in ${CODE_MINUTES} minutes.`,
    });
    return { ok: true, code } as const;
  });
}

export type CheckResult = 'verified' | 'wrong' | 'expired' | 'too_many_attempts';

/** Checks a code against the user's latest one. Every guess counts before it is compared, so five is the limit. */
export async function checkPhoneCode(
  db: Database,
  key: Uint8Array,
  request: PhoneNumber & { userId: string; code: string; now: Date },
): Promise<CheckResult> {
  const latest = await db
    .selectFrom('phone_verifications')
    .selectAll()
    .where('user_id', '=', request.userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest || latest.used_at || latest.expires_at <= request.now) return 'expired';
  const counted = await db
    .updateTable('phone_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', latest.id)
    .where('attempts', '<', MAX_ATTEMPTS)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!counted) return 'too_many_attempts';
  const fits = timingSafeEqual(codeHash(key, latest.id, request, request.code), Buffer.from(latest.code_hash, 'hex'));
  if (!fits) return 'wrong';
  // Used once: a second check of the same code, even at the same moment, finds it spent.
  const used = await db
    .updateTable('phone_verifications')
    .set({ used_at: request.now })
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'verified' : 'expired';
}
