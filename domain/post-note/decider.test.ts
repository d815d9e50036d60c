import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { PostNoteActor, PostNoteCommand } from './commands';
import { postNoteDecider, postNoteErrors } from './decider';
import type { PostNoteAdded, PostNoteEvent } from './events';
import { postNoteMessages } from './schemas';

const given = specFor(postNoteDecider);

describe('post notes', () => {
  describe('when the post has none', () => {
    it('an admin adds a private note, trimmed', () => {
      expect(given([]).when(add({ note: '  Called the customer.  ', contacted_at: '2026-11-20', private: true }, admin))).toEqual({
        ok: true,
        events: [added({ note: 'Called the customer.', private: true, author_id: admin.user_id, by_admin: true })],
      });
    });

    it('a provider adds a public note; private is false unless sent', () => {
      expect(given([]).when(add({ note: 'Left a message.', contacted_at: '2017-01-01' }))).toEqual({
        ok: true,
        events: [added({ note: 'Left a message.', contacted_at: '2017-01-01' })],
      });
    });

    it('a provider cannot mark a note private (spec 3 §6: admins only)', () => {
      expect(given([]).when(add({ note: 'Secret', contacted_at: '2026-11-20', private: true }))).toMatchObject({ ok: false, error: { code: postNoteErrors.privateAdminOnly } });
    });

    it('needs the note, under 1000 characters (spec 3 §5)', () => {
      expect(given([]).when(add({ note: '   ', contacted_at: '2026-11-20' }))).toEqual(invalid({ note: [postNoteMessages.required] }));
      expect(given([]).when(add({ contacted_at: '2026-11-20' }))).toEqual(invalid({ note: [postNoteMessages.required] }));
      expect(given([]).when(add({ note: 'x'.repeat(1000), contacted_at: '2026-11-20' }))).toEqual(invalid({ note: [postNoteMessages.noteTooLong] }));
      expect(given([]).when(add({ note: 'x'.repeat(999), contacted_at: '2026-11-20' }))).toMatchObject({ ok: true });
    });

    it('needs a valid contact date, not before 2017-01-01 and not after the current year (spec 3 §5)', () => {
      expect(given([]).when(add({ note: 'n' }))).toEqual(invalid({ contacted_at: [postNoteMessages.required] }));
      expect(given([]).when(add({ note: 'n', contacted_at: '2016-12-31' }))).toEqual(invalid({ contacted_at: [postNoteMessages.dateTooEarly] }));
      expect(given([]).when(add({ note: 'n', contacted_at: '1999-05-01' }))).toEqual(invalid({ contacted_at: [postNoteMessages.dateTooEarly] }));
      expect(given([]).when(add({ note: 'n', contacted_at: '2027-01-01' }))).toEqual(invalid({ contacted_at: [postNoteMessages.dateInFutureYear] }));
      expect(given([]).when(add({ note: 'n', contacted_at: '2026-02-30' }))).toEqual(invalid({ contacted_at: [postNoteMessages.invalidDate] }));
      expect(given([]).when(add({ note: 'n', contacted_at: '20/11/2026' }))).toEqual(invalid({ contacted_at: [postNoteMessages.invalidDate] }));
    });

    it('counts the current year in Sydney (New Year’s Day there is still 31 December in UTC)', () => {
      const newYear = { ...meta(provider), now: '2026-12-31T14:00:00.000Z' };
      expect(postNoteDecider.decide({ ...add({ note: 'n', contacted_at: '2027-01-01' }), metadata: newYear }, postNoteDecider.initialState())).toMatchObject({ ok: true });
    });

    it('edits and deletes nothing', () => {
      expect(given([]).when(edit({ note: 'x' }))).toMatchObject({ ok: false, error: { code: postNoteErrors.notFound } });
      expect(given([]).when(remove())).toMatchObject({ ok: false, error: { code: postNoteErrors.notFound } });
    });
  });

  describe('when the post has a provider’s note', () => {
    const history = [added()];

    it('refuses the same note id twice (a retried request)', () => {
      expect(given(history).when(add({ note: 'again', contacted_at: '2026-11-20' }))).toMatchObject({ ok: false, error: { code: postNoteErrors.exists } });
    });

    it('its author edits it; an unchanged edit records nothing', () => {
      expect(given(history).when(edit({ note: 'Spoke again.', contacted_at: '2026-11-21' }))).toEqual({
        ok: true,
        events: [{ type: 'PostNoteEdited', data: { ...ref, note_id: noteId, note: 'Spoke again.', contacted_at: '2026-11-21', private: false, edited_by: provider.user_id, edited_at: now } }],
      });
      expect(given(history).when(edit({ note: 'First call.' }))).toEqual({ ok: true, events: [] });
    });

    it('checks the changes by the same rules', () => {
      expect(given(history).when(edit({ note: '' }))).toEqual(invalid({ note: [postNoteMessages.required] }));
      expect(given(history).when(edit({ contacted_at: '2016-12-31' }))).toEqual(invalid({ contacted_at: [postNoteMessages.dateTooEarly] }));
      expect(given(history).when(edit({ colour: 'red' }))).toMatchObject({ ok: false, error: { code: postNoteErrors.invalid } });
    });

    it('is not there for another provider (a competitor reads neither it nor changes it)', () => {
      expect(given(history).when(edit({ note: 'mine now' }, otherProvider))).toMatchObject({ ok: false, error: { code: postNoteErrors.notFound } });
      expect(given(history).when(remove(otherProvider))).toMatchObject({ ok: false, error: { code: postNoteErrors.notFound } });
    });

    it('its author cannot make it private; an admin can', () => {
      expect(given(history).when(edit({ private: true }))).toMatchObject({ ok: false, error: { code: postNoteErrors.privateAdminOnly } });
      expect(given(history).when(edit({ private: true }, admin))).toMatchObject({ ok: true, events: [{ type: 'PostNoteEdited', data: { private: true, edited_by: admin.user_id } }] });
    });

    it('its author or an admin deletes it, once', () => {
      const deleted: PostNoteEvent = { type: 'PostNoteDeleted', data: { ...ref, note_id: noteId, deleted_by: provider.user_id, deleted_at: now } };
      expect(given(history).when(remove())).toEqual({ ok: true, events: [deleted] });
      expect(given(history).when(remove(admin))).toMatchObject({ ok: true, events: [{ data: { deleted_by: admin.user_id } }] });
      expect(given([...history, deleted]).when(remove())).toMatchObject({ ok: false, error: { code: postNoteErrors.notFound } });
    });
  });

  describe('when the customer was erased (the note text reads as null)', () => {
    const history = [added({ note: null as unknown as string })];

    it('the note is only deleted, never edited', () => {
      expect(given(history).when(edit({ contacted_at: '2026-11-21' }))).toMatchObject({ ok: false, error: { code: postNoteErrors.erased } });
      expect(given(history).when(remove())).toMatchObject({ ok: true, events: [{ type: 'PostNoteDeleted' }] });
    });
  });

  describe('when the post has an admin’s public note', () => {
    const history = [added({ author_id: admin.user_id, by_admin: true })];

    it('a provider reads it but neither edits nor deletes it', () => {
      expect(given(history).when(edit({ note: 'mine now' }))).toMatchObject({ ok: false, error: { code: postNoteErrors.notYours } });
      expect(given(history).when(remove())).toMatchObject({ ok: false, error: { code: postNoteErrors.notYours } });
    });
  });

  describe('when the post has a private note', () => {
    const history = [added({ author_id: admin.user_id, by_admin: true, private: true })];

    it('is not there for a provider (the answer for a note that does not exist)', () => {
      expect(given(history).when(edit({ note: 'x' }))).toMatchObject({ ok: false, error: { code: postNoteErrors.notFound } });
      expect(given(history).when(remove())).toMatchObject({ ok: false, error: { code: postNoteErrors.notFound } });
    });

    it('another admin edits and deletes it', () => {
      expect(given(history).when(edit({ private: false }, otherAdmin))).toMatchObject({ ok: true, events: [{ data: { private: false } }] });
      expect(given(history).when(remove(otherAdmin))).toMatchObject({ ok: true });
    });
  });
});

// Fixtures

const postId = '00000000-0000-4000-8000-000000000001';
const customerId = '00000000-0000-4000-8000-000000000002';
const noteId = '00000000-0000-4000-8000-000000000003';
const now = '2026-11-21T10:00:00.000Z';
const ref = { post_id: postId, customer_id: customerId };
const provider: PostNoteActor = { user_id: '00000000-0000-4000-8000-0000000000f1', admin: false };
const otherProvider: PostNoteActor = { user_id: '00000000-0000-4000-8000-0000000000f2', admin: false };
const admin: PostNoteActor = { user_id: '00000000-0000-4000-8000-0000000000a1', admin: true };
const otherAdmin: PostNoteActor = { user_id: '00000000-0000-4000-8000-0000000000a2', admin: true };
const meta = (actor: PostNoteActor) => ({ actor, now });

function add(note: Record<string, unknown>, actor = provider): PostNoteCommand {
  return { type: 'AddPostNote', data: { ...ref, note_id: noteId, note }, metadata: meta(actor) };
}
function edit(changes: Record<string, unknown>, actor = provider): PostNoteCommand {
  return { type: 'EditPostNote', data: { ...ref, note_id: noteId, changes }, metadata: meta(actor) };
}
function remove(actor = provider): PostNoteCommand {
  return { type: 'DeletePostNote', data: { ...ref, note_id: noteId }, metadata: meta(actor) };
}
function added(data: Partial<PostNoteAdded['data']> = {}): PostNoteAdded {
  return {
    type: 'PostNoteAdded',
    data: { ...ref, note_id: noteId, note: 'First call.', contacted_at: '2026-11-20', private: false, author_id: provider.user_id, by_admin: false, created_at: now, ...data },
  };
}
function invalid(errors: Record<string, string[]>) {
  return { ok: false, error: { code: postNoteErrors.invalid, message: 'The note is not valid.', errors } };
}
