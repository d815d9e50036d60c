import { describe, expect, it } from 'vitest';
import { postNoteMessages } from '../../../domain/post-note/schemas';
import { newNoteForm, noteFormErrors, noteFormMessages, noteValuesOf } from './note-form';

const today = '2026-11-21';

describe('the note dialog', () => {
  it('starts empty, dated today, not private', () => {
    expect(newNoteForm(today)).toEqual({ note: '', contacted_at: today, private: false });
  });

  it('needs the note, under 1000 characters (spec 3 §5)', () => {
    expect(noteFormErrors(newNoteForm(today), today)).toEqual({ note: postNoteMessages.required });
    expect(noteFormErrors({ ...newNoteForm(today), note: 'x'.repeat(1000) }, today)).toEqual({ note: postNoteMessages.noteTooLong });
    expect(noteFormErrors({ ...newNoteForm(today), note: 'x'.repeat(999) }, today)).toEqual({});
  });

  it('needs a contact date from 01/01/2017 to today', () => {
    const note = { note: 'Called', private: false };
    expect(noteFormErrors({ ...note, contacted_at: null }, today)).toEqual({ contacted_at: postNoteMessages.required });
    expect(noteFormErrors({ ...note, contacted_at: '2016-12-31' }, today)).toEqual({ contacted_at: postNoteMessages.dateTooEarly });
    expect(noteFormErrors({ ...note, contacted_at: '2026-11-22' }, today)).toEqual({ contacted_at: noteFormMessages.future });
    expect(noteFormErrors({ ...note, contacted_at: '2017-01-01' }, today)).toEqual({});
  });

  it('sends the private flag only for an admin, and the text trimmed', () => {
    const form = { note: '  Called  ', contacted_at: today, private: true };
    expect(noteValuesOf(form, true)).toEqual({ note: 'Called', contacted_at: today, private: true });
    expect(noteValuesOf(form, false)).toEqual({ note: 'Called', contacted_at: today });
  });
});
