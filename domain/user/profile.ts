import { z } from 'zod';
import { imageDataUrl } from '../organisation/schemas';
import { required } from '../shared/messages';
import { countryCode, invalidCountryCode, password, passwordLimits, passwordMessages, personName, phoneNumber } from './schemas';
import { userAddress } from './user-management';
import { questionId } from '../question/schemas';

// A user's own profile (spec 2 §2 "fsp-activate-profile", /profile-edit, /change-password; §4, §5, §7). One set of
// schemas for the API and the forms.


/** spec 3 §3: a provider's answer per question. 1000 characters leaves room for a paragraph. */
export const ANSWER_MAX_LENGTH = 1000;
export const providerAnswer = z.strictObject({
  question_uuid: questionId,
  answer: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(ANSWER_MAX_LENGTH, `Should be at most ${ANSWER_MAX_LENGTH} characters`),
});
export type ProviderAnswer = z.infer<typeof providerAnswer>;
const answers = z.array(providerAnswer, { error: 'Please answer the questions.' }).max(200);

/** `PATCH /v1/fsps/complete_profile`: the avatar (a cropped image as a data URL) and the answers. */
export const completeProfileBody = z.strictObject({ avatar: imageDataUrl.optional(), questions: answers });
/** `PATCH /v1/fsps/update_profile`: an active provider's answers again. */
export const updateAnswersBody = z.strictObject({ questions: answers });

export const answersMessages = {
  unanswered: 'Please answer every question.',
  inactive: 'This question is not asked any more.',
  duplicate: 'This question is answered twice.',
} as const;

/**
 * The answers fit the questions asked now (spec 3 "Questions": providers answer the active ones): every active
 * question exactly once, nothing else. Answers the field errors by path, empty when they fit.
 */
export function answersErrors(activeQuestionIds: readonly string[], given: readonly ProviderAnswer[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  given.forEach((a, index) => {
    if (!activeQuestionIds.includes(a.question_uuid)) errors[`questions.${index}.question_uuid`] = [answersMessages.inactive];
    else if (seen.has(a.question_uuid)) errors[`questions.${index}.question_uuid`] = [answersMessages.duplicate];
    seen.add(a.question_uuid);
  });
  if (activeQuestionIds.some((id) => !seen.has(id))) errors.questions = [answersMessages.unanswered];
  return errors;
}

/** A provider's answer as the profile shows it, in the questions' order. */
export const fspQuestionView = z.object({
  question_uuid: z.uuid(),
  description: z.string(),
  position: z.number().int(),
  answer: z.string().nullable(),
});
export type FspQuestionView = z.infer<typeof fspQuestionView>;

/** A country code an SMS can be sent to (E.164 codes do not start with 0). */
export const dialCode = countryCode.refine((code) => /^[1-9]/.test(code), invalidCountryCode);

/** `PATCH /v1/users/me`: the own details. `avatar` null removes it, left out keeps it; `address` likewise. */
export const ownDetails = z.strictObject({
  first_name: personName,
  last_name: personName,
  country_code: dialCode,
  mobile_number: phoneNumber,
  avatar: imageDataUrl.nullable().optional(),
  address: userAddress.nullable().optional(),
});
export type OwnDetails = z.infer<typeof ownDetails>;
export const updateMeBody = z.strictObject({ user: ownDetails });

/** The number as `verified_mobile` holds it: country code and national digits (spec 2 §4). */
export const fullMobile = (code: string, digits: string) => `${code}${digits}`;

/** spec 1 §5, 2 §4: a changed mobile number must be verified before the profile is saved. */
export const unverifiedMobileMessage = 'Please, verify the new mobile number first.';

export const phoneVerificationRequest = z.strictObject({ country_code: dialCode, mobile_number: phoneNumber });
/**
 * `POST /v1/users/phone_verification`'s answer. `development_code`: the code sent, answered only outside production
 * (no SMS gateway exists, so one person trying the product locally could not read it otherwise).
 */
/** The code sent by SMS to prove a mobile number: its digits and how long it is valid (docs/security.md). */
export const phoneCodeLimits = { digits: 6, validMinutes: 10 } as const;
const verificationCodePattern = new RegExp(`^\\d{${phoneCodeLimits.digits}}$`);

export const phoneCodeSent = z.object({ expires_in: z.number().int(), development_code: z.string().regex(verificationCodePattern).optional() });
/** The code is checked together with the number it was sent to, so the server keeps no number (docs/security.md). */
export const phoneVerificationCheck = z.strictObject({
  country_code: dialCode,
  mobile_number: phoneNumber,
  verification_code: z.string({ error: required }).trim().min(1, required).regex(verificationCodePattern, `The code has ${phoneCodeLimits.digits} digits`),
});

export const phoneVerificationMessages = {
  wrong: 'The verification code is not right.',
  expired: 'The verification code has expired. Please, request a new one.',
  tooManyAttempts: 'Too many wrong codes. Please, request a new one.',
  tooManyCodes: 'Too many codes were requested. Please, try again in a few minutes.',
  notMobile: 'This number cannot receive text messages.',
} as const;

export const passwordsDifferent = 'Passwords are different';
export const wrongCurrentPassword = 'The current password is not right.';

const changePasswordShape = {
  current_password: z
    .string({ error: required })
    .min(1, required)
    .max(passwordLimits.maxLength, passwordMessages.max)
    .refine((p) => !/\s/.test(p), passwordMessages.spaces),
  password,
  password_confirmation: z.string({ error: required }).min(1, required).max(passwordLimits.maxLength, passwordMessages.max),
};
const confirmationMatches = (f: { password: string; password_confirmation: string }) => f.password === f.password_confirmation;
const confirmationError = { message: passwordsDifferent, path: ['password_confirmation'] };

/** spec 2 §5 "Change password": the current password is required and has no spaces; the new one follows the rules. */
export const changePasswordFields = z.strictObject(changePasswordShape).refine(confirmationMatches, confirmationError);
export type ChangePasswordFields = z.infer<typeof changePasswordFields>;

/** `PATCH /v2/users/{uuid}`: spec 2 §7 names more operations on this path; only the password change is built. */
export const updatePasswordBody = z
  .strictObject({ operation: z.literal('update_password', { error: 'Unknown operation.' }), ...changePasswordShape })
  .refine(confirmationMatches, confirmationError);
