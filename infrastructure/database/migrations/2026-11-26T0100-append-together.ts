import { type Kysely, sql } from 'kysely';

// Appends to several streams in one statement (a bid and its post's registration): append_events for each part, and
// an error that undoes them all when one part's revision does not match. The client then sorts the case out on its
// slower path (a transaction per part: docs/performance.md "Bids"). Four round trips (begin, two appends, commit)
// were a quarter of a bid's statements.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function append_events_together(p_stream_ids text[], p_expected integer[], p_events jsonb[])
    returns table (part integer, last_revision integer, last_position text, last_transaction text)
    language plpgsql as $$
    declare
      appended record;
    begin
      for i in 1 .. coalesce(array_length(p_stream_ids, 1), 0) loop
        select * into appended from append_events(p_stream_ids[i], p_expected[i], p_events[i]);
        if appended.last_revision is null then
          raise exception 'revision of % does not match', p_stream_ids[i] using errcode = 'HLA01';
        end if;
        part := i;
        last_revision := appended.last_revision;
        last_position := appended.last_position;
        last_transaction := appended.last_transaction;
        return next;
      end loop;
    end $$`.execute(db);
}
