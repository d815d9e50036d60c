import { autoBiddingSimulationDecider } from '../../domain/auto-bidding-simulation/decider';
import type { AutoBiddingSimulationCommand } from '../../domain/auto-bidding-simulation/commands';
import { type AutoBiddingSimulationRequested, autoBiddingSimulationStream } from '../../domain/auto-bidding-simulation/events';
import { type SimulatedPost, simulate } from '../../domain/auto-bidding-simulation/simulation';
import { bidTemplateDecider } from '../../domain/bid-template/decider';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { postRuleFactsOf } from '../../domain/bid-template/post-rule-facts';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { findProduct } from '../../domain/product/products';
import { type Clock, systemClock } from '../../infrastructure/clock';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import type { Database } from '../../infrastructure/database/database';
import type { EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store';
import { derivedUuid, randomIds } from '../../infrastructure/ids';
import { othersBidsOnPosts, postsPublishedBetween } from '../../projections/auto-bidding-simulations/queries';
import { biddersOf } from '../../projections/bids/queries';
import type { Reactor } from '../../projections/projection';
import { rulesOf } from './template-rules';

// The simulation's run (issue 29 item 4, docs/auto-bidding.md "Simulation"): on `AutoBiddingSimulationRequested`,
// the template as its stream stands when the run starts, against every post published in the review period before
// the request, with the auto-bidder's evaluation (domain/auto-bidding-simulation/simulation.ts). It only reads: no
// bid is placed and the template is not changed. Started and completed are recorded with ids derived from the
// simulation, and the decider takes each once, so a replay or a crash after completing runs and mails nothing again.

const DAY_MS = 86_400_000;

export function autoBiddingSimulationReactor(options: { clock?: Clock } = {}): Reactor {
  const clock = options.clock ?? systemClock;
  return {
    kind: 'reactor',
    name: 'auto-bidding-simulator',
    version: 1,
    eventTypes: new Set(['AutoBiddingSimulationRequested']),
    // The posts of the period, their bids, and the provider's deals and limits, at least as of the request.
    readsFrom: ['posts', 'bids', 'users', 'deals'],
    async react(events, { store, db }) {
      for (const event of events) {
        if (event.type === 'AutoBiddingSimulationRequested') await run({ store, db, clock }, event as RecordedEvent<'AutoBiddingSimulationRequested', AutoBiddingSimulationRequested['data']>);
      }
    },
  };
}

type RunContext = { store: EventStore; db: Database; clock: Clock };

async function run(context: RunContext, trigger: RecordedEvent<'AutoBiddingSimulationRequested', AutoBiddingSimulationRequested['data']>): Promise<void> {
  const { simulation_id, template_id, owner_id, review_period, requested_at } = trigger.data;
  const simulation = await loadState(context.store, autoBiddingSimulationStream(simulation_id), autoBiddingSimulationDecider, { personalData: 'withhold' });
  // Done or failed already (a replay, or a batch retried after the result was recorded): nothing runs again.
  if (simulation.state.status !== 'requested' && simulation.state.status !== 'running') return;

  const template = await loadState(context.store, bidTemplateStream(template_id), bidTemplateDecider, { personalData: 'withhold' });
  if (template.state.status !== 'kept') {
    await record(context, trigger, 'failed', { type: 'FailSimulation', data: { simulation_id, template_id, reason: 'template_deleted' }, metadata: { now: nowOf(context) } });
    return;
  }
  const { template: kept, revision } = template.state;
  await record(context, trigger, 'started', {
    type: 'StartSimulation',
    data: { simulation_id, template_id, template_revision: revision, template_name: kept.details.name },
    metadata: { now: nowOf(context) },
  });

  const to = new Date(requested_at);
  const rows = await postsPublishedBetween(context.db, new Date(to.getTime() - review_period * DAY_MS), to);
  const bids = await othersBidsOnPosts(context.db, rows.map((row) => row.uuid), owner_id);
  const posts: SimulatedPost[] = [];
  for (const row of rows) {
    // The post as its stream folds it, as the auto-bidder reads it (the read model keeps only some of the facts).
    const post = await loadState(context.store, postStream(row.uuid), postDecider);
    if (post.state.status === 'absent') continue;
    posts.push({
      post_id: row.uuid,
      published_at: (row.published_at ?? to).toISOString(),
      loan_amount: row.loan_amount,
      lvr: row.lvr,
      sort_by: row.sort_by,
      product: findProduct(row.product_id)?.name ?? 'post',
      facts: postRuleFactsOf(post.state.post),
      auto_bids_stopped: 'auto_bids_stopped' in post.state && post.state.auto_bids_stopped,
      bids: bids.get(row.uuid) ?? [],
    });
  }
  const [provider] = await biddersOf(context.db, [owner_id]);
  // The template as its stream stands, in the shape the auto-bidder evaluates (template-rules.ts).
  const result = simulate(rulesOf({ uuid: template_id, ...kept }), posts, {
    accepted_deals: provider?.accepted_deals ?? 0,
    contacted_deals: provider?.contacted_deals ?? 0,
    accepted_limit: provider?.bids_accepted_limit ?? null,
    contacted_limit: provider?.bids_contacted_limit ?? null,
  });
  await record(context, trigger, 'completed', { type: 'CompleteSimulation', data: { simulation_id, template_id, template_name: kept.details.name, result }, metadata: { now: nowOf(context) } });
}

const nowOf = (context: RunContext) => context.clock.now().toISOString();

/** One step of the run, with an event id derived from the simulation and the step: appended at most once. */
async function record(context: RunContext, trigger: RecordedEvent, step: 'started' | 'completed' | 'failed', command: AutoBiddingSimulationCommand): Promise<void> {
  const simulationId = command.data.simulation_id;
  const result = await handleCommand({
    store: context.store,
    ids: randomIds,
    streamId: autoBiddingSimulationStream(simulationId),
    decider: autoBiddingSimulationDecider,
    command,
    personalData: 'withhold',
    context: { userId: null, correlationId: trigger.metadata.correlation_id, causationId: trigger.id, now: context.clock.now() },
    eventId: (_event, index) => derivedUuid('auto-bidding-simulation', simulationId, step, String(index)),
  });
  if (!result.ok) throw new Error(`Simulation ${simulationId} could not record ${step}: ${result.error.code}`);
}
