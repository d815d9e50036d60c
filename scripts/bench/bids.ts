import type { BidData } from './events';

// The projection work both consumers do: per loan request, counts of bids placed, revised and withdrawn, the sum
// of bid amounts and the best rate. A batch is aggregated in memory first and written with ONE multi-row upsert
// (arrays unnested server-side, so the statement has five parameters whatever the batch size).
// It is keyed by loan request, not by stream: the seeded streams are long (1,000 events per append), so per-stream
// rows would shrink each upsert to a handful of rows and flatter the figure; 20,000 loan requests keep ~1 row per
// event in a 1,000-event batch.

export const BIDS_TABLE_SQL = `
  create table loan_request_bids (
    loan_request_id uuid primary key,
    events integer not null,
    placed integer not null,
    withdrawn integer not null,
    amount_sum bigint not null,
    best_rate_bps integer not null
  )`;

export const BIDS_UPSERT_SQL = `
  insert into loan_request_bids (loan_request_id, events, placed, withdrawn, amount_sum, best_rate_bps)
  select * from unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::int[])
  on conflict (loan_request_id) do update set
    events = loan_request_bids.events + excluded.events,
    placed = loan_request_bids.placed + excluded.placed,
    withdrawn = loan_request_bids.withdrawn + excluded.withdrawn,
    amount_sum = loan_request_bids.amount_sum + excluded.amount_sum,
    best_rate_bps = least(loan_request_bids.best_rate_bps, excluded.best_rate_bps)`;

/** int4's largest value: "no rate yet", so `least` keeps any real one. */
const NO_RATE = 2_147_483_647;

type Row = { events: number; placed: number; withdrawn: number; amountSum: number; bestRate: number };

/** The upsert's six parameter arrays for a batch, or null when the batch has nothing to write. */
export function bidsUpsertParams(events: readonly { type: string; data: unknown }[]): unknown[] | null {
  const rows = new Map<string, Row>();
  for (const event of events) {
    const data = event.data as BidData;
    let row = rows.get(data.loan_request_id);
    if (!row) {
      row = { events: 0, placed: 0, withdrawn: 0, amountSum: 0, bestRate: NO_RATE };
      rows.set(data.loan_request_id, row);
    }
    row.events++;
    if (event.type === 'BidPlaced') row.placed++;
    if (event.type === 'BidWithdrawn') row.withdrawn++;
    else {
      row.amountSum += data.amount_cents;
      row.bestRate = Math.min(row.bestRate, data.rate_bps);
    }
  }
  if (rows.size === 0) return null;
  const ids: string[] = [];
  const counts: number[] = [];
  const placed: number[] = [];
  const withdrawn: number[] = [];
  const sums: string[] = []; // bigint column: sent as text
  const rates: number[] = [];
  for (const [id, row] of rows) {
    ids.push(id);
    counts.push(row.events);
    placed.push(row.placed);
    withdrawn.push(row.withdrawn);
    sums.push(String(row.amountSum));
    rates.push(row.bestRate);
  }
  return [ids, counts, placed, withdrawn, sums, rates];
}
