import type { Consumer } from '../projections/projection';
import { type ConsumerContext, projectionConsumersFor } from '../projections/registry';
import { type AutoBidOutcome, autoBidderReactor } from './bid-templates/auto-bidder';
import { autoBiddingSimulationReactor } from './bid-templates/simulation-runner';
import { autoBidImproverReactor } from './bid-templates/auto-bid-improver';

// The product's consumers: the projections' and reactors' list (projections/registry.ts) with the reactors that run
// application workflows, which projections/ may not import (DESIGN.md §1): the auto-bidder places its bids through
// the hand-placed bid's workflow. Every process, script and test that runs the product's consumers takes them here.

/**
 * Every projection and reactor the runner keeps up to date; the auto-bidder right after the templates' read model, and
 * the auto-bid improver (floor and step) after it: it edits the auto-bids the auto-bidder placed.
 */
export function consumersFor(context: ConsumerContext): readonly Consumer[] {
  const consumers = [...projectionConsumersFor(context)];
  consumers.splice(consumers.findIndex((consumer) => consumer.name === 'bid_templates') + 1, 0, autoBidderReactor({ report: logRefusal }), autoBidImproverReactor());
  // The auto-bidding simulation's run (docs/auto-bidding.md "Simulation"): it only reads, so it goes last.
  consumers.push(autoBiddingSimulationReactor());
  return consumers;
}

/** The auto-bidder's refusals (a bidding limit reached, a post no longer open): one JSON line each on stderr. */
function logRefusal(outcome: AutoBidOutcome): void {
  if (outcome.outcome === 'refused') process.stderr.write(`${JSON.stringify({ msg: 'auto-bid refused', ...outcome })}\n`);
}
