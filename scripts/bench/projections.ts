import { CompiledQuery, sql } from 'kysely';
import type { Projection } from '../../projections/projection';
import { BIDS_TABLE_SQL, BIDS_UPSERT_SQL, bidsUpsertParams } from './bids';

/** Ours: the runner calls `handle` once per batch inside the batch's transaction. */
export const bidsProjection: Projection = {
  kind: 'projection',
  name: 'bench_bids',
  version: 1,
  tables: ['loan_request_bids'],
  async createTables(trx) {
    await sql.raw(BIDS_TABLE_SQL).execute(trx);
  },
  async handle(events, trx) {
    const params = bidsUpsertParams(events);
    if (params) await trx.executeQuery(CompiledQuery.raw(BIDS_UPSERT_SQL, params));
  },
};
