import { type Kysely, sql } from 'kysely';

// Several callers' appends in one statement (docs/performance-history.md "Appends in batches"): each group is one caller's
// append, to one or more streams, written whole or not at all. A group whose expected revisions do not match is
// answered with one row whose revision is null and written nothing; the others go on. A group of several streams is
// checked before any of its parts is written; should a concurrent commit slip in between (read committed), the
// error undoes the whole statement and every caller goes its own way. Replaces append_events_together (a batch of
// one group, and there the error undid the statement).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function append_events_batch(p_groups integer[], p_stream_ids text[], p_expected integer[], p_events jsonb[])
    returns table (grp integer, last_revision integer, last_position text, last_transaction text)
    language plpgsql as $$
    declare
      parts integer := coalesce(array_length(p_stream_ids, 1), 0);
      group_start integer := 1;
      group_end integer;
      matches boolean;
      stored integer;
      appended record;
    begin
      while group_start <= parts loop
        group_end := group_start;
        while group_end < parts and p_groups[group_end + 1] = p_groups[group_start] loop
          group_end := group_end + 1;
        end loop;
        matches := true;
        if group_end > group_start then
          for i in group_start .. group_end loop
            if p_expected[i] is not null then
              select coalesce(max(e.revision), -1) into stored from events e where e.stream_id = p_stream_ids[i];
              if stored <> p_expected[i] then
                matches := false;
                exit;
              end if;
            end if;
          end loop;
        end if;
        if not matches then
          grp := p_groups[group_start];
          last_revision := null;
          last_position := null;
          last_transaction := null;
          return next;
        else
          for i in group_start .. group_end loop
            select * into appended from append_events(p_stream_ids[i], p_expected[i], p_events[i]);
            if appended.last_revision is null and group_end > group_start then
              raise exception 'revision of % changed while its group was written', p_stream_ids[i] using errcode = 'HLA01';
            end if;
            grp := p_groups[i];
            last_revision := appended.last_revision;
            last_position := appended.last_position;
            last_transaction := appended.last_transaction;
            return next;
          end loop;
        end if;
        group_start := group_end + 1;
      end loop;
    end $$`.execute(db);
  await sql`drop function append_events_together(text[], integer[], jsonb[])`.execute(db);
}
