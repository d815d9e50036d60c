import { z } from 'zod';
import { activityDateSchema, dealLimits, dealMessages } from '../deal/schemas';
import { type FieldErrors, fieldErrorsOf, required } from '../post/schemas';
import { notABoolean } from '../shared/messages';

// A note on a post (spec 1 §3 "Note (post activity): uuid, note, private flag (admin only), contacted_at"; spec 3 §5
// "Activities and notes"). The rules and their messages are the deal notes' (domain/deal/schemas.ts): one rule, one
// message, whether the note sits on a deal or on a post.

export { type FieldErrors, fieldErrorsOf };

export const postNoteLimits = {
  /** "under 1000 characters" (spec 1 §5). */
  maxNoteLength: dealLimits.maxNoteLength,
  earliestContactedAt: dealLimits.earliestActivityDate,
} as const;

export const postNoteMessages = {
  required,
  noteTooLong: dealMessages.noteTooLong,
  invalidDate: dealMessages.invalidDate,
  dateTooEarly: dealMessages.dateTooEarly,
  dateInFutureYear: dealMessages.dateInFutureYear,
  notABoolean,
} as const;

/** Required after trimming, under 1000 characters; stored trimmed. */
const noteText = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(postNoteLimits.maxNoteLength, postNoteMessages.noteTooLong);

const privateFlag = z.boolean({ error: (issue) => (issue.input === undefined || issue.input === null ? required : postNoteMessages.notABoolean) });

/**
 * A new note: its text, the day of the contact it records (YYYY-MM-DD: a real day, not before 2017-01-01, year not
 * after `currentYear`) and whether only admins may read it (false unless sent).
 */
export const postNoteInputSchema = (currentYear: number) =>
  z.object({
    note: noteText,
    // Empty is missing, not malformed.
    contacted_at: z.string({ error: required }).min(1, required).pipe(activityDateSchema(currentYear)),
    private: privateFlag.default(false),
  });
export type PostNoteInput = z.output<ReturnType<typeof postNoteInputSchema>>;

/** Editing: any of the three, the others kept. */
export const postNoteChangesSchema = (currentYear: number) => postNoteInputSchema(currentYear).extend({ private: privateFlag }).partial().strict();
export type PostNoteChanges = z.output<ReturnType<typeof postNoteChangesSchema>>;
