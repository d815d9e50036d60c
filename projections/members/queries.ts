import { sql } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import type { MemberCountsTable } from './tables';

export type MemberCounts = Omit<MemberCountsTable, 'provider_id'>;
export const noCounts: MemberCounts = { bids: 0, deals: 0, settled_deals: 0 };

/** The bid counts of a page of providers, in one query (a provider who never bid has no row: zeros). */
export async function memberCountsOf(db: Database, providerIds: readonly string[]): Promise<Map<string, MemberCounts>> {
  if (providerIds.length === 0) return new Map();
  const rows = await db.selectFrom('member_counts').selectAll().where(sql<boolean>`provider_id = any(${[...new Set(providerIds)]}::uuid[])`).execute();
  return new Map(rows.map(({ provider_id, ...counts }) => [provider_id, counts]));
}
