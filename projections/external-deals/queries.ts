import type { Database } from '../../infrastructure/database/database';
import type { ExternalDealRow } from './external-deals';

// The questions the external deal routes and the deal cards ask (api/routes/external-deals.ts, projections/deals).

export async function findExternalDeal(database: Database, externalDealId: string): Promise<ExternalDealRow | undefined> {
  return database.selectFrom('external_deals').selectAll().where('uuid', '=', externalDealId).executeTakeFirst();
}

/** The loans of external posts by id (an external deal's id is its deals' post id), in one query. */
export async function externalLoansOf(database: Database, postIds: readonly string[]): Promise<Map<string, Pick<ExternalDealRow, 'loan_type' | 'loan_amount'>>> {
  if (postIds.length === 0) return new Map();
  const rows = await database
    .selectFrom('external_deals')
    .select(['uuid', 'loan_type', 'loan_amount'])
    .where('uuid', 'in', [...new Set(postIds)])
    .execute();
  return new Map(rows.map((row) => [row.uuid, { loan_type: row.loan_type, loan_amount: row.loan_amount }]));
}
