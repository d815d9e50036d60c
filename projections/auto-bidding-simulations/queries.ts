import type { RankedBid } from '../../domain/bid/rules';
import type { Database } from '../../infrastructure/database/database';

// The questions the simulation's page and its run ask (docs/auto-bidding.md "Simulation").

export async function findSimulation(database: Database, simulationId: string) {
  return database.selectFrom('auto_bidding_simulations').selectAll().where('simulation_id', '=', simulationId).executeTakeFirst();
}
export type SimulationRow = NonNullable<Awaited<ReturnType<typeof findSimulation>>>;

/** A template's simulations, newest first (the page lists the last ones). */
export async function simulationsOfTemplate(database: Database, templateId: string, count: number): Promise<SimulationRow[]> {
  return database
    .selectFrom('auto_bidding_simulations')
    .selectAll()
    .where('template_id', '=', templateId)
    .orderBy('requested_at', 'desc')
    .orderBy('simulation_id')
    .limit(count)
    .execute();
}

/** The posts published in (from, to], oldest first, deleted ones left out: the simulation's period. */
export async function postsPublishedBetween(database: Database, from: Date, to: Date) {
  return database
    .selectFrom('posts')
    .select(['uuid', 'product_id', 'published_at', 'loan_amount', 'lvr', 'sort_by'])
    .where('published_at', '>', from)
    .where('published_at', '<=', to)
    .where('deleted', '=', false)
    .orderBy('published_at')
    .orderBy('uuid')
    .execute();
}

/**
 * The bids each post really got (not deleted), as they rank, leaving out the provider's own: the simulated bid's place
 * is against the other providers' bids (docs/auto-bidding.md "Simulation").
 */
export async function othersBidsOnPosts(database: Database, postIds: readonly string[], providerId: string): Promise<Map<string, RankedBid[]>> {
  const bids = new Map<string, RankedBid[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return bids;
  const rows = await database
    .selectFrom('bids')
    .select(['uuid', 'post_id', 'status', 'interest_rate', 'comparison_rate', 'created_at'])
    .where('post_id', 'in', postIds)
    .where('deleted', '=', false)
    .where('provider_id', '!=', providerId)
    .execute();
  for (const row of rows) {
    bids.get(row.post_id)?.push({ bid_id: row.uuid, status: row.status, interest_rate: row.interest_rate, comparison_rate: row.comparison_rate, placed_at: row.created_at.toISOString() });
  }
  return bids;
}
