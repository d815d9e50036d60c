// The post notes aggregate (spec 1 §3 "Note (post activity)"), one stream per post: `post_notes-<post uuid>`. Notes
// live apart from the post's own stream so that writing one never contends with the bids and the lifecycle on it.
// Every event names the post and its customer. The note's text may speak of the customer (a call, their
// circumstances): personal data of the customer, encrypted with the customer's key
// (infrastructure/event-store/personal-data-policy.ts), so erasing the customer erases the notes' texts.

type PostRef = { post_id: string; customer_id: string };

/** One note as recorded. `contacted_at` is YYYY-MM-DD; `created_at` an ISO instant. */
export type PostNote = {
  note_id: string;
  note: string;
  contacted_at: string;
  /** Only admins read it (spec 3 §6: admins mark notes private). */
  private: boolean;
  author_id: string;
  /** Whether an admin wrote it: providers read admins' public notes and their own (docs/post-notes.md). */
  by_admin: boolean;
  created_at: string;
};

export type PostNoteAdded = { type: 'PostNoteAdded'; data: PostRef & PostNote };
/** The note's values after the change. */
export type PostNoteEdited = {
  type: 'PostNoteEdited';
  data: PostRef & { note_id: string; note: string; contacted_at: string; private: boolean; edited_by: string; edited_at: string };
};
export type PostNoteDeleted = { type: 'PostNoteDeleted'; data: PostRef & { note_id: string; deleted_by: string; deleted_at: string } };

export type PostNoteEvent = PostNoteAdded | PostNoteEdited | PostNoteDeleted;

export const postNoteEventTypes = ['PostNoteAdded', 'PostNoteEdited', 'PostNoteDeleted'] as const satisfies readonly PostNoteEvent['type'][];

export const postNotesStream = (postId: string) => `post_notes-${postId}`;
