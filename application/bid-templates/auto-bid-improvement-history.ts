import type { RecordedAutoBidImprovements } from '../../contracts/auto-bid-improvement';
import { type AutoBidImprovementEvent, autoBidImprovementsStream } from '../../domain/bid-template/auto-bid-improvements';
import type { Database } from '../../infrastructure/database/database';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { findBidTemplate } from '../../projections/bid-templates/queries';

// The audit of one auto-bid's improvements (docs/auto-bidding.md "Floor and step"): its stream as it stands, each
// improvement with the bid that beat it and whether the edit was refused. Who may read it, and what of the beating bid's
// lender, is the route's question.

export async function autoBidImprovementHistory(deps: { db: Database; store: EventStore }, bid: { uuid: string; auto_bid_template_id: string | null }): Promise<RecordedAutoBidImprovements> {
  const events = (await deps.store.readStream(autoBidImprovementsStream(bid.uuid))) as unknown as AutoBidImprovementEvent[];
  const template = bid.auto_bid_template_id ? { uuid: bid.auto_bid_template_id, name: (await findBidTemplate(deps.db, bid.auto_bid_template_id))?.name ?? null } : null;
  const improvements: RecordedAutoBidImprovements['improvements'] = [];
  for (const event of events) {
    if (event.type === 'AutoBidImproved') {
      const { number, from, to, setting, beaten_by_bid_id, beaten_by_comparison_rate, improved_at } = event.data;
      improvements.push({ number, from, to, setting, beaten_by_bid_uuid: beaten_by_bid_id, beaten_by_comparison_rate, improved_at, refused: null });
    } else {
      const improvement = improvements.find((kept) => kept.number === event.data.number);
      if (improvement) improvement.refused = { code: event.data.code, message: event.data.message };
    }
  }
  return { bid_uuid: bid.uuid, template, improvements };
}
