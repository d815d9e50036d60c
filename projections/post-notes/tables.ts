// The table `createTables` in post-notes.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface PostNotesTable {
  note_id: string;
  post_id: string;
  customer_id: string;
  note: string | null;
  /** YYYY-MM-DD (text: it sorts as a date). */
  contacted_at: string;
  private: boolean;
  author_id: string;
  by_admin: boolean;
  created_at: Date;
  updated_at: Date;
  deleted: boolean;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface PostNotesTables {
  post_notes: PostNotesTable;
}
