import { z } from 'zod';

// `GET /v4/home_loan_bids/{id}/improvements` (docs/auto-bidding.md "Floor and step"): the audit of an auto-bid's
// improvements, for the bid's own side (its provider, its organisation's viewers, admins).

const rates = z.object({ interest_rate: z.number(), comparison_rate: z.number() });

export const autoBidImprovementView = z.object({
  number: z.number().int(),
  from: rates,
  to: rates,
  /** The template's floor and step when it improved. */
  setting: z.object({ floor_comparison_rate: z.number(), step: z.number(), max_improvements_per_post: z.number().int() }),
  /** The other organisation's bid that beat it, at the comparison rate it had then. */
  beaten_by_bid_uuid: z.uuid(),
  /**
   * That bid's lender as the reader may see it (docs/bids.md "Privacy"): null for an anonymous bid with show_private,
   * or a bid deleted since. The screens name the bid by it, never by its id.
   */
  beaten_by_lender: z.string().nullable(),
  beaten_by_comparison_rate: z.number(),
  improved_at: z.string(),
  /** The bid's edit workflow refused the edit (the post closed meanwhile): the bid kept its rates. */
  refused: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const autoBidImprovementsView = z.object({
  bid_uuid: z.uuid(),
  /** The template that improved it (null name: deleted since). */
  template: z.object({ uuid: z.uuid(), name: z.string().nullable() }).nullable(),
  improvements: z.array(autoBidImprovementView),
});
export type AutoBidImprovementsView = z.infer<typeof autoBidImprovementsView>;
/** The improvements as recorded, before the beating bids' lenders are looked up for the reader. */
export type RecordedAutoBidImprovements = Omit<AutoBidImprovementsView, 'improvements'> & { improvements: Omit<AutoBidImprovementsView['improvements'][number], 'beaten_by_lender'>[] };
