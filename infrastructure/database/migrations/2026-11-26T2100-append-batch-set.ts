import { type Kysely, sql } from 'kysely';

// append_events_batch in one insert when no stream comes twice in the batch (the usual case: each caller appends to
// its own streams): the revisions read once, the groups checked together, every event of the groups that match in
// one `insert … select`. The part-by-part loop cost about three times as much a bid (docs/performance-history.md "The append
// as one insert"); it stays, renamed, for batches that name a stream twice, where a group's revision depends on
// the groups before it. Same answers, same order: a row per part of a group written, one row of nulls for a group
// refused.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter function append_events_batch(integer[], text[], integer[], jsonb[]) rename to append_events_batch_in_turn`.execute(db);
  await sql`
    create function append_events_batch(p_groups integer[], p_stream_ids text[], p_expected integer[], p_events jsonb[])
    returns table (grp integer, last_revision integer, last_position text, last_transaction text)
    language plpgsql as $$
    #variable_conflict use_column
    begin
      if (select count(distinct s) from unnest(p_stream_ids) s) < coalesce(array_length(p_stream_ids, 1), 0)
        or exists (select 1 from unnest(p_events) e where jsonb_array_length(e) = 0) then
        return query select * from append_events_batch_in_turn(p_groups, p_stream_ids, p_expected, p_events);
        return;
      end if;
      return query
      with parts as (
        select i, p_groups[i] as grp, p_stream_ids[i] as stream_id, p_expected[i] as expected, p_events[i] as events,
          (select coalesce(max(e.revision), -1) from events e where e.stream_id = p_stream_ids[i]) as revision
        from generate_subscripts(p_stream_ids, 1) as i
      ), matching as (
        select p.grp from parts p group by p.grp having bool_and(p.expected is null or p.expected = p.revision)
      ), inserted as (
        insert into events (stream_id, revision, event_id, type, data, metadata)
        select p.stream_id, p.revision + x.ord::int, (x.value->>'id')::uuid, x.value->>'type', x.value->'data', x.value->'metadata'
        from parts p join matching m on m.grp = p.grp, jsonb_array_elements(p.events) with ordinality as x(value, ord)
        order by p.i, x.ord
        returning events.stream_id, events.revision, events.position, events.transaction_id
      ), written as (
        select i.stream_id, max(i.revision) as revision, max(i.position) as position, max(i.transaction_id::text) as transaction_id
        from inserted i group by i.stream_id
      )
      select r.grp, r.revision, r.position, r.transaction_id from (
        select p.grp, w.revision, w.position::text as position, w.transaction_id, p.i as ord
        from parts p join written w on w.stream_id = p.stream_id
        union all
        select p.grp, null::integer, null::text, null::text, min(p.i)
        from parts p where p.grp not in (select m.grp from matching m) group by p.grp
      ) r order by r.ord;
    end $$`.execute(db);
}
