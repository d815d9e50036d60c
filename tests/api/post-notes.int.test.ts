import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postNoteMessages } from '../../domain/post-note/schemas';
import { outboxDb } from '../../infrastructure/outbox/outbox-table';
import { findBid } from '../../projections/bids/queries';
import { updateRequestTemplate } from '../../projections/update-request-mail/update-request-mail';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ActivePost, acceptBid, activePost, placeBid, provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// Notes on posts and the request-update operation (spec 1 §2 "Post detail", §3 "Note (post activity)"; spec 3 §5,
// §6; spec 2 §4 request_update; docs/post-notes.md): who reads and writes which note, the note rules (422, nothing
// written), the note text encrypted in the events, and the customer's request reaching the providers by e-mail.

let t: TestApp;
let post: ActivePost;
let bidder: TestProvider;
let rival: TestProvider;
let outsider: TestProvider;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  post = await activePost(t);
  [bidder, rival, outsider, stranger] = await Promise.all([provider(t), provider(t), provider(t), t.createUser({ userType: 'customer' })]);
  await placeBid(t, bidder, post.homeLoanId);
  await placeBid(t, rival, post.homeLoanId, { interest_rate: 5.4, comparison_rate: 5.5 });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
const thisYear = () => Number(today().slice(0, 4));
const notesUrl = (postId = post.postId) => `/v1/posts/${postId}/notes`;

const listNotes = (user: TestUser, postId = post.postId) => t.app.inject(as(user, { method: 'GET', url: notesUrl(postId) }));
const addNote = (user: TestUser, body: Record<string, unknown>, postId = post.postId) =>
  t.app.inject(as(user, { method: 'POST', url: notesUrl(postId), payload: { contacted_at: today(), ...body } }));
const editNote = (user: TestUser, noteId: string, body: Record<string, unknown>) => t.app.inject(as(user, { method: 'PATCH', url: `${notesUrl()}/${noteId}`, payload: body }));
const deleteNote = (user: TestUser, noteId: string) => t.app.inject(as(user, { method: 'DELETE', url: `${notesUrl()}/${noteId}` }));
const noteTexts = async (user: TestUser) => {
  const response = await listNotes(user);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().result as { note: string }[]).map((n) => n.note);
};

async function added(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const response = await addNote(user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().uuid as string;
}

/** The request answers `status` with `code` and the store holds no new event. */
async function refusedWithoutWriting(request: () => Promise<{ statusCode: number; body: string; json: () => { code: string } }>, status: number, code?: string) {
  const before = await t.eventCount();
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  if (code) expect(response.json().code).toBe(code);
  expect(await t.eventCount()).toBe(before);
  return response;
}

describe('post notes: who reads and writes', () => {
  it('an admin’s private note is read by admins only; an admin’s public note by the bidders too', async () => {
    const secret = await added(t.admin, { note: 'Customer is also talking to a broker.', private: true });
    await added(t.admin, { note: 'Customer prefers calls after 5pm.' });
    const asAdmin = (await listNotes(t.admin)).json();
    expect(asAdmin.result.find((n: { uuid: string }) => n.uuid === secret)).toMatchObject({ private: true, author: { uuid: t.admin.id, admin: true }, editable: true, contacted_at: today() });
    expect(await noteTexts(bidder)).toContain('Customer prefers calls after 5pm.');
    expect(await noteTexts(bidder)).not.toContain('Customer is also talking to a broker.');
    expect(await noteTexts(rival)).not.toContain('Customer is also talking to a broker.');
    // Not there for a provider: the same answer as for a note that does not exist.
    await refusedWithoutWriting(() => editNote(bidder, secret, { note: 'x' }), 404, 'POST_NOTE_NOT_FOUND');
  });

  it('a bidder’s note is read by it and admins, not by a competing bidder', async () => {
    const own = await added(bidder, { note: 'Left a voicemail.' });
    expect(await noteTexts(bidder)).toContain('Left a voicemail.');
    expect(await noteTexts(t.admin)).toContain('Left a voicemail.');
    expect(await noteTexts(rival)).not.toContain('Left a voicemail.');
    await refusedWithoutWriting(() => editNote(rival, own, { note: 'mine' }), 404);
    await refusedWithoutWriting(() => deleteNote(rival, own), 404);
  });

  it('customers never read or write notes, the post’s own customer included (spec 1 §2)', async () => {
    for (const customer of [post.owner, stranger]) {
      await refusedWithoutWriting(() => listNotes(customer), 403);
      await refusedWithoutWriting(() => addNote(customer, { note: 'hello' }), 403);
    }
  });

  it('a provider who did not bid on the post neither reads nor writes its notes', async () => {
    await refusedWithoutWriting(() => listNotes(outsider), 403, 'POST_NOTE_NOT_A_BIDDER');
    await refusedWithoutWriting(() => addNote(outsider, { note: 'hello' }), 403, 'POST_NOTE_NOT_A_BIDDER');
  });

  it('only an admin marks a note private (spec 3 §6)', async () => {
    await refusedWithoutWriting(() => addNote(bidder, { note: 'secret', private: true }), 403, 'POST_NOTE_PRIVATE_ADMIN_ONLY');
    const own = await added(bidder, { note: 'Will call back Monday.' });
    await refusedWithoutWriting(() => editNote(bidder, own, { private: true }), 403, 'POST_NOTE_PRIVATE_ADMIN_ONLY');
    const hidden = await editNote(t.admin, own, { private: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ private: true, note: 'Will call back Monday.' });
    expect(await noteTexts(bidder)).not.toContain('Will call back Monday.');
  });

  it('a note of an unknown or deleted post is not found', async () => {
    const unknown = '00000000-0000-4000-8000-00000000dead';
    await refusedWithoutWriting(() => listNotes(t.admin, unknown), 404, 'POST_NOT_FOUND');
    await refusedWithoutWriting(() => addNote(t.admin, { note: 'x' }, unknown), 404, 'POST_NOT_FOUND');
  });
});

describe('post notes: the rules (spec 3 §5), refused with 422 and nothing written', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a note of 1000 characters', { note: 'x'.repeat(1000) }, 'note', postNoteMessages.noteTooLong],
    ['no note', { note: '   ' }, 'note', postNoteMessages.required],
    ['a null note', { note: null }, 'note', postNoteMessages.required],
    ['a contact before 2017', { note: 'n', contacted_at: '2016-12-31' }, 'contacted_at', postNoteMessages.dateTooEarly],
    ['a contact in a later year', { note: 'n', contacted_at: `${new Date().getUTCFullYear() + 1}-06-01` }, 'contacted_at', postNoteMessages.dateInFutureYear],
    ['a date that does not exist', { note: 'n', contacted_at: '2025-02-30' }, 'contacted_at', postNoteMessages.invalidDate],
    ['a date in another format', { note: 'n', contacted_at: '21/11/2025' }, 'contacted_at', postNoteMessages.invalidDate],
  ];
  for (const [name, body, field, message] of cases) {
    it(`refuses ${name}`, async () => {
      const response = await refusedWithoutWriting(() => addNote(t.admin, body), 422, 'POST_NOTE_INVALID');
      expect((response.json() as unknown as { errors: Record<string, string[]> }).errors).toEqual({ [field]: [message] });
    });
  }

  it('refuses a missing date, an unknown field and a private flag that is not a boolean', async () => {
    const before = await t.eventCount();
    expect((await t.app.inject(as(t.admin, { method: 'POST', url: notesUrl(), payload: { note: 'n' } }))).json()).toMatchObject({ status: 422, errors: { contacted_at: [postNoteMessages.required] } });
    expect((await addNote(t.admin, { note: 'n', colour: 'red' })).json()).toMatchObject({ status: 422, errors: { colour: ['Unknown field.'] } });
    expect((await addNote(t.admin, { note: 'n', private: 'yes' })).statusCode).toBe(422);
    expect(await t.eventCount()).toBe(before);
  });

  it('takes a note of 999 characters dated 01/01/2017, and this year’s last day', async () => {
    expect((await addNote(t.admin, { note: 'y'.repeat(999), contacted_at: '2017-01-01' })).statusCode).toBe(201);
    expect((await addNote(t.admin, { note: 'z', contacted_at: `${thisYear()}-12-31` })).statusCode).toBe(201);
  });

  it('checks an edit by the same rules', async () => {
    const own = await added(bidder, { note: 'First call.' });
    const response = await refusedWithoutWriting(() => editNote(bidder, own, { contacted_at: '2016-12-31' }), 422);
    expect((response.json() as unknown as { errors: Record<string, string[]> }).errors).toEqual({ contacted_at: [postNoteMessages.dateTooEarly] });
    await refusedWithoutWriting(() => editNote(bidder, own, { note: '' }), 422);
  });
});

describe('post notes: edit and delete', () => {
  it('the author edits and deletes its note; an admin may too; a bidder cannot touch an admin’s note', async () => {
    const own = await added(bidder, { note: 'Sent the fact sheet.' });
    const edited = await editNote(bidder, own, { note: 'Sent the fact sheet and the PDS.', contacted_at: '2025-03-04' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ note: 'Sent the fact sheet and the PDS.', contacted_at: '2025-03-04', editable: true });
    expect((await editNote(t.admin, own, { note: 'Sent the fact sheet (checked by admin).' })).statusCode).toBe(200);

    const adminNote = await added(t.admin, { note: 'Rate lock requested.' });
    const asBidder = (await listNotes(bidder)).json().result.find((n: { uuid: string }) => n.uuid === adminNote);
    expect(asBidder).toMatchObject({ editable: false });
    await refusedWithoutWriting(() => editNote(bidder, adminNote, { note: 'x' }), 403, 'POST_NOTE_NOT_YOURS');
    await refusedWithoutWriting(() => deleteNote(bidder, adminNote), 403, 'POST_NOTE_NOT_YOURS');

    const removed = await deleteNote(bidder, own);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await noteTexts(bidder)).not.toContain('Sent the fact sheet (checked by admin).');
    await refusedWithoutWriting(() => deleteNote(bidder, own), 404);
    expect((await deleteNote(t.admin, adminNote)).statusCode).toBe(204);
  });

  it('keeps the note text out of the events in clear (the customer’s key encrypts it)', async () => {
    await added(bidder, { note: 'Spoke to Jane about her divorce settlement.' });
    const { rows } = await sql<{ data: string }>`select data::text as data from events where type in ('PostNoteAdded', 'PostNoteEdited')`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.data.includes('divorce'))).toBe(false);
  });
});

describe('post notes: the customer’s erasure', () => {
  it('erases the texts of the notes on the customer’s posts; such a note can still be deleted, not edited', async () => {
    const erased = await activePost(t);
    await placeBid(t, bidder, erased.homeLoanId);
    const response = await addNote(bidder, { note: 'Jane says her bonus is due in March.' }, erased.postId);
    expect(response.statusCode, response.body).toBe(201);
    const noteId = response.json().uuid as string;
    const deleted = await t.asAdmin({ method: 'DELETE', url: `/v1/users/${erased.owner.id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expect
      .poll(async () => (await listNotes(t.admin, erased.postId)).json().result?.find((n: { uuid: string }) => n.uuid === noteId)?.note, { timeout: 30_000 })
      .toBeNull();
    const edit = await t.app.inject(as(bidder, { method: 'PATCH', url: `${notesUrl(erased.postId)}/${noteId}`, payload: { contacted_at: today() } }));
    expect(edit.json()).toMatchObject({ status: 409, code: 'POST_NOTE_ERASED' });
    expect((await t.app.inject(as(bidder, { method: 'DELETE', url: `${notesUrl(erased.postId)}/${noteId}` }))).statusCode).toBe(204);
  });
});

describe('request update (PATCH /v2/posts/{id} operation request_update)', () => {
  const requestUpdate = (user: TestUser, postId: string, message: unknown) =>
    t.app.inject(as(user, { method: 'PATCH', url: `/v2/posts/${postId}`, payload: { operation: 'request_update', message } }));

  async function mailsOf(causedAfter: Date) {
    return outboxDb(t.database.db)
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject', 'text_body', 'data_subject'])
      .where('template', '=', updateRequestTemplate)
      .where('created_at', '>=', causedAfter)
      .execute();
  }

  it('the owner’s request reaches every provider with an active bid by e-mail', async () => {
    const since = new Date(Date.now() - 1000);
    const response = await requestUpdate(post.owner, post.postId, '  Please quote a 2-year fixed rate too.  ');
    expect(response.statusCode, response.body).toBe(200);
    await expect.poll(async () => (await mailsOf(since)).length, { timeout: 30_000 }).toBe(2);
    const mails = await mailsOf(since);
    expect(mails.map((m) => m.recipient).sort()).toEqual([bidder.email, rival.email].sort());
    for (const mail of mails) {
      expect(mail.text_body).toContain('Please quote a 2-year fixed rate too.');
      expect(mail.text_body).toContain(`/post/${post.postId}`);
      expect(mail.data_subject).toBe(post.owner.id);
    }
  });

  it('only the post’s owner sends it; a blank message is refused; nothing is written', async () => {
    await refusedWithoutWriting(() => requestUpdate(t.admin, post.postId, 'Change it'), 403);
    await refusedWithoutWriting(() => requestUpdate(stranger, post.postId, 'Change it'), 404);
    await refusedWithoutWriting(() => requestUpdate(bidder, post.postId, 'Change it'), 403);
    await refusedWithoutWriting(() => requestUpdate(post.owner, post.postId, '   '), 422);
  });

  it('once a bid is accepted, only the winning bid’s provider is told', async () => {
    const other = await activePost(t);
    const winner = await provider(t);
    const loser = await provider(t);
    const winningBid = await placeBid(t, winner, other.homeLoanId);
    await placeBid(t, loser, other.homeLoanId, { interest_rate: 5.45, comparison_rate: 5.55 });
    const accepted = await acceptBid(t, other, winningBid);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The bids read model shows the acceptance before the request (the mail reads it).
    await expect.poll(async () => (await findBid(t.database.db, winningBid))?.status, { timeout: 30_000 }).toBe('accepted');
    const since = new Date(Date.now() - 1000);
    expect((await requestUpdate(other.owner, other.postId, 'My valuation came in higher.')).statusCode).toBe(200);
    await expect.poll(async () => (await mailsOf(since)).filter((m) => m.text_body?.includes('valuation')).length, { timeout: 30_000 }).toBe(1);
    const [mail] = (await mailsOf(since)).filter((m) => m.text_body?.includes('valuation'));
    expect(mail?.recipient).toBe(winner.email);
  });
});
