import { postNoteInputSchema } from '../../../domain/post-note/schemas';
import type { PostNoteView } from '../../../contracts/post-note';
import type { NoteValues } from './api/post-notes';

// The note dialog's values (spec 1 §3 "Note (post activity)"; spec 3 §5): the domain's rules, so the dialog and the
// API say the same thing, plus "not in the future", which the date picker also holds (the API checks the year).

export type NoteFormValues = { note: string; contacted_at: string | null; private: boolean };

export const noteFormMessages = { future: 'The date cannot be in the future' } as const;

export const newNoteForm = (today: string): NoteFormValues => ({ note: '', contacted_at: today, private: false });

export const noteFormOf = (note: PostNoteView): NoteFormValues => ({ note: note.note ?? '', contacted_at: note.contacted_at, private: note.private });

/** What is sent: the text trimmed; the private flag only by an admin (a provider's request never carries it). */
export function noteValuesOf(form: NoteFormValues, admin: boolean): NoteValues {
  return { note: form.note.trim(), contacted_at: form.contacted_at ?? '', ...(admin ? { private: form.private } : {}) };
}

/** The dialog's errors by field (empty when it may be sent). */
export function noteFormErrors(form: NoteFormValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = postNoteInputSchema(Number(today.slice(0, 4))).safeParse({ note: form.note, contacted_at: form.contacted_at ?? '', private: form.private });
  if (!result.success) {
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'note')] ??= issue.message;
  }
  if (!errors.contacted_at && form.contacted_at && form.contacted_at > today) errors.contacted_at = noteFormMessages.future;
  return errors;
}
