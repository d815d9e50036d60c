import { sql } from 'kysely';
import { type BidTemplateCommand, systemTemplateActor } from '../../domain/bid-template/commands';
import type { Database } from '../../infrastructure/database/database';

// The bid templates' expiry (spec 3 §4 "Auto-bidding", docs/auto-bidding.md "Expiry"): an active template is due at
// its `expiry_on`, read straight from the `bid_templates` read model (it keeps the status and the expiry, indexed), so
// no table of its own. A renewal moves `expiry_on`, so the old due time is no longer asked for; the decider records
// nothing for a template not active or not yet expired, so a late or second firing is harmless.

/** Active templates whose expiry has passed and whose firing is not done (nor leased by another process). */
export async function dueTemplateExpiries(db: Database, now: Date, limit: number): Promise<{ post_id: string; kind: 'expire_auto_bidding'; due_at: Date }[]> {
  const { rows } = await sql<{ post_id: string; due_at: Date }>`
    select t.uuid::text as post_id, t.expiry_on as due_at
    from bid_templates t
    left join scheduler_claims c on c.post_id = t.uuid and c.kind = 'expire_auto_bidding' and c.due_at = t.expiry_on
    where t.auto_bidding = 'active' and t.expiry_on <= ${now}
      and (c.post_id is null or (c.done = false and c.retry_at <= ${now}))
    order by t.expiry_on
    limit ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, kind: 'expire_auto_bidding' as const }));
}

export function expireAutoBiddingCommand(templateId: string, now: Date): BidTemplateCommand {
  return { type: 'ExpireAutoBidding', data: { template_id: templateId }, metadata: { actor: systemTemplateActor, now: now.toISOString() } };
}
