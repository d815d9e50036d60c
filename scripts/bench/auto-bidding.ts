import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { templateColumns } from '../../application/bid-templates/auto-bidder';
import { rulesOf } from '../../application/bid-templates/template-rules';
import { changeAutoBidding } from '../../application/bid-templates/change-auto-bidding';
import { changeBidTemplate } from '../../application/bid-templates/change-bid-template';
import { createBidTemplate } from '../../application/bid-templates/create-bid-template';
import type { TemplateRequest } from '../../application/bid-templates/template-request';
import { bidPosts } from '../../application/bids/bid-posts';
import { placeBidWorkflow } from '../../application/bids/place-bid';
import { consumersFor } from '../../application/consumers';
import type { BidTemplateDetailsInput } from '../../domain/bid-template/schemas';
import type { QualifyingRule } from '../../domain/bid-template/rules';
import { evaluateTemplate } from '../../domain/bid-template/evaluation';
import { postRuleFactsOf } from '../../domain/bid-template/post-rule-facts';
import { bidWarningCodes } from '../../domain/bid/rules';
import { bidFormSchema } from '../../domain/bid/schemas';
import { refinanceBidTerms } from '../../domain/bid/test-fixtures';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { effectivePermissions } from '../../domain/user/permissions';
import { systemClock } from '../../infrastructure/clock';
import { loadState } from '../../infrastructure/command-handler';
import { loadConfig } from '../../infrastructure/config';
import { openDatabase } from '../../infrastructure/database/database';
import { comparePositions, type Position } from '../../infrastructure/event-store/event-store';
import { openEventStore } from '../../infrastructure/event-store/open-event-store';
import { randomIds } from '../../infrastructure/ids';
import { loadSecrets } from '../../infrastructure/secrets';
import { waitForProjections } from '../../projections/projection-status';
import { ProjectionRunner } from '../../projections/runner';
import { dropDatabase } from './admin';
import { Random } from './events';
import { LatencyRecorder } from './latency';
import { type LoadProvider, PLACES, seedLoadMarket, variedLoan } from './load-market';
import { publishedPostEvents } from './market';
import { formatTable, int, ms, percent, times } from './report';
import type { Latency } from './tasks';

// Auto-bidding (issue 29 "Figures"; docs/auto-bidding.md, docs/performance.md "Auto-bidding"), in one process with
// the product's projection runner and reactors, on a fresh database:
// 1. 1,000 active templates, then 1,000 posts published at once: the template evaluations a second the auto-bidder
//    gets through (templates × posts over the time from the first publication to the last post's auto-bids), next
//    to the same evaluations in a plain loop without I/O (the ceiling), measured in the same run; and the time from a
//    post's publication to its last auto-bid, for the burst (queued behind each other) and for posts published one
//    at a time.
// 2. A rescan of one template over the 10,000 posts open: hand-placed bids at a steady rate while it runs, their p50
//    and p99 against the same bids with no rescan, in the same run.
// Each template tests the loan amount (a band a tenth of the amounts wide) and the state (one of eight), so a post
// meets about one template in eighty: about a dozen auto-bids a post, as a busy marketplace would see.

function fromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

const sizes = {
  templates: fromEnv('BENCH_AUTOBID_TEMPLATES', 1000),
  posts: fromEnv('BENCH_AUTOBID_POSTS', 1000),
  pacedPosts: fromEnv('BENCH_AUTOBID_PACED_POSTS', 30),
  openPosts: fromEnv('BENCH_AUTOBID_OPEN_POSTS', 10_000),
  handBidsPerSecond: fromEnv('BENCH_AUTOBID_HAND_BIDS_PER_SECOND', 10),
  baselineSeconds: fromEnv('BENCH_AUTOBID_BASELINE_SECONDS', 20),
};
const CEILING_ROUNDS = 3;
const WAIT = { timeoutMs: 3 * 3_600_000 };

export type AutoBiddingFigures = {
  templates: number;
  posts: number;
  ceiling: { evaluationsPerSecond: number; matched: number };
  burst: { seconds: number; evaluationsPerSecond: number; autoBids: number; latency: Latency };
  paced: { posts: number; latency: Latency };
  rescan: { openPosts: number; seconds: number; autoBids: number; without: Latency; during: Latency; handBids: { without: number; during: number } };
};

/** The terms every bench bid and template offers; the organisation is the provider's. */
const bidTerms = { ...refinanceBidTerms, required_documents: refinanceBidTerms.required_documents.map((document) => ({ ...document })) };

const requestOf = (provider: LoadProvider): TemplateRequest => ({
  caller: { userId: provider.id, userType: 'fsp', permissions: effectivePermissions('fsp', {}), organisationUuid: provider.organisationUuid },
  correlationId: randomIds.uuid(),
});

/** Template i: loan amounts in a band a tenth of the market's amounts wide, in one state. */
function rulesFor(i: number, anyAmount = false): QualifyingRule[] {
  const from = 200_000 + (i % 100) * 11_000;
  return [
    { rule_field: 'loan_amount', min_value: anyAmount ? 200_000 : from, max_value: anyAmount ? 5_000_000 : from + 110_000, value: null },
    { rule_field: 'maximum_lvr', min_value: 0, max_value: 95, value: null },
    { rule_field: 'state', min_value: null, max_value: null, value: PLACES[i % PLACES.length]!.state },
  ] as QualifyingRule[];
}

const later = (a: Position | null, b: Position | null | undefined): Position | null => (b && (!a || comparePositions(b, a) > 0) ? b : a);

export async function autoBiddingWorkloads(deps: { freshDatabase: () => Promise<{ name: string; url: string }> }): Promise<AutoBiddingFigures> {
  const { name, url } = await deps.freshDatabase();
  const handle = await openDatabase({ url, maxConnections: 8 });
  const config = loadConfig({ DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  const store = await openEventStore(config, handle.db, handle.listen);
  const secrets = await loadSecrets(handle.db);
  const consumers = consumersFor({ publicUrl: config.publicUrl, secrets });
  const runner = new ProjectionRunner({ db: handle.db, store, consumers, idleMs: 10 });
  await runner.untilLive();
  runner.start();
  const workflowDeps = { db: handle.db, store, ids: randomIds, clock: systemClock };
  const caughtUp = async (position: Position | null, names?: string[]) => {
    if (!position) return;
    const all = names ?? consumers.map((consumer) => consumer.name);
    if (!(await waitForProjections(handle.db, all, position, WAIT))) throw new Error('the bench market did not catch up');
  };
  const random = new Random(20261129);
  const autoBidsOn = async (postIds: string[]) =>
    Number((await sql<{ n: string }>`select count(*) as n from bids where auto_bid_template_id is not null and post_id = any(${postIds}::uuid[])`.execute(handle.db)).rows[0]!.n);
  try {
    // The market: 50 providers of 10 organisations, and the posts open for bids (not timed).
    process.stderr.write(`  auto-bidding: seeding ${int(sizes.openPosts)} open posts ... `);
    const market = await seedLoadMarket({ store, secrets }, { lenders: 4, brokers: 6, providersPerOrganisation: 5, customers: 20, posts: sizes.openPosts });
    await caughtUp(market.position);
    process.stderr.write('done\n');

    process.stderr.write(`  auto-bidding: ${int(sizes.templates)} templates ... `);
    let position: Position | null = null;
    const templates: string[] = [];
    for (let i = 0; i < sizes.templates; i++) {
      const provider = market.providers[i % market.providers.length]!;
      const details: BidTemplateDetailsInput = { ...bidTerms, name: `Bench template ${i + 1}`, organisation_uuid: provider.organisationUuid, interest_rate: 5.5 + (i % 50) / 100, comparison_rate: 5.6 + (i % 50) / 100 };
      const created = await createBidTemplate(workflowDeps, requestOf(provider), { details });
      if (!created.ok) throw new Error(`bench template: ${created.error.message}`);
      templates.push(created.templateId);
      position = later(position, created.position);
    }
    await caughtUp(position, ['bid_templates']);
    for (let i = 0; i < sizes.templates; i++) {
      const provider = market.providers[i % market.providers.length]!;
      const ruled = await changeBidTemplate(workflowDeps, requestOf(provider), { type: 'SetQualifyingRules', data: { template_id: templates[i]!, rules: rulesFor(i) } });
      if (!ruled.ok) throw new Error(`bench rules: ${ruled.error.message}`);
      position = later(position, ruled.position);
    }
    await caughtUp(position, ['bid_templates']);
    for (let i = 0; i < sizes.templates; i++) {
      const provider = market.providers[i % market.providers.length]!;
      const activated = await changeAutoBidding(workflowDeps, requestOf(provider), { templateId: templates[i]!, autoBidding: true, scope: 'only_new_posts' });
      if (!activated.ok) throw new Error(`bench activation: ${activated.error.message}`);
      position = later(position, activated.position);
    }
    await caughtUp(position);
    process.stderr.write('done\n');

    // 1. The burst: every post published at once.
    process.stderr.write(`  auto-bidding: ${int(sizes.posts)} posts published at once ... `);
    const owner = market.customers[0]!;
    const publish = async () => {
      const post = { postId: randomIds.uuid(), homeLoanId: randomIds.uuid() };
      const appended = await store.append(postStream(post.postId), publishedPostEvents(post, owner.id, new Date(), variedLoan(random)), 'no_stream');
      return { postId: post.postId, position: appended.position };
    };
    const started = performance.now();
    const burst: string[] = [];
    let last: Position | null = null;
    for (let i = 0; i < sizes.posts; i++) {
      const published = await publish();
      burst.push(published.postId);
      last = published.position;
    }
    await caughtUp(last, ['auto-bidder']);
    const burstSeconds = (performance.now() - started) / 1000;
    await caughtUp(last, ['bids', 'posts']);
    const burstBids = await autoBidsOn(burst);
    process.stderr.write(`${burstSeconds.toFixed(1)} s, ${int(burstBids)} auto-bids\n`);
    const queued = new LatencyRecorder();
    const { rows: lags } = await sql<{ lag_ms: number }>`
      select extract(epoch from max(b.created_at) - p.published_at) * 1000 as lag_ms
      from posts p join bids b on b.post_id = p.uuid and b.auto_bid_template_id is not null
      where p.uuid = any(${burst}::uuid[]) group by p.uuid, p.published_at`.execute(handle.db);
    for (const { lag_ms } of lags) queued.record(Number(lag_ms));

    // Posts published one at a time: the time to a post's last auto-bid with nothing queued before it.
    process.stderr.write(`  auto-bidding: ${sizes.pacedPosts} posts one at a time ... `);
    const paced = new LatencyRecorder();
    for (let i = 0; i < sizes.pacedPosts; i++) {
      await paced.time(async () => caughtUp((await publish()).position, ['auto-bidder']));
    }
    process.stderr.write(`p50 ${ms(paced.summary().p50)} ms\n`);

    // The ceiling: the same evaluations in a plain loop, the templates and posts already in memory.
    const rows = await handle.db.selectFrom('bid_templates').select(templateColumns).where('auto_bidding', '=', 'active').execute();
    const rules = rows.map(rulesOf);
    const facts = [];
    for (const postId of burst) {
      const { state } = await loadState(store, postStream(postId), postDecider);
      const fact = state.status === 'absent' ? null : postRuleFactsOf(state.post);
      if (fact) facts.push(fact);
    }
    const ceilingRates: number[] = [];
    let matched = 0;
    for (let round = 0; round < CEILING_ROUNDS; round++) {
      matched = 0;
      const loopStarted = performance.now();
      for (const fact of facts) for (const rule of rules) if (evaluateTemplate(rule, fact, 'Home Loan').bids) matched++;
      ceilingRates.push((facts.length * rules.length) / ((performance.now() - loopStarted) / 1000));
    }
    const ceiling = ceilingRates.sort((a, b) => a - b)[Math.floor(CEILING_ROUNDS / 2)]!;

    // 2. A rescan over the open posts, with hand-placed bids going on: first without it (the baseline), then during it.
    const placeBid = placeBidWorkflow(workflowDeps, bidPosts(workflowDeps));
    const bidders = market.providers.slice(1);
    const handBids = async (recorder: LatencyRecorder, until: () => boolean) => {
      const interval = 1000 / sizes.handBidsPerSecond;
      const inFlight: Promise<unknown>[] = [];
      for (let i = 0; !until(); i++) {
        const provider = bidders[i % bidders.length]!;
        const post = market.posts[random.below(market.posts.length)]!;
        inFlight.push(
          recorder.time(async () => {
            const placed = await placeBid(
              { caller: { userId: provider.id, userType: 'fsp', permissions: effectivePermissions('fsp', {}) }, correlationId: randomIds.uuid() },
              { postId: post.postId, bid: bidFormSchema.parse({ ...bidTerms, organisation_uuid: provider.organisationUuid }), confirmedWarnings: [...bidWarningCodes] },
            );
            if (!placed.ok) throw new Error(`bench hand bid: ${placed.error.message}`);
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
      await Promise.all(inFlight);
    };
    process.stderr.write(`  auto-bidding: hand bids for ${sizes.baselineSeconds} s without a rescan ... `);
    const without = new LatencyRecorder();
    const baselineEnd = performance.now() + sizes.baselineSeconds * 1000;
    await handBids(without, () => performance.now() >= baselineEnd);
    process.stderr.write(`p99 ${ms(without.summary().p99)} ms\n`);

    // The rescanning template: any amount, one state: it meets one open post in eight.
    const rescanner = market.providers[0]!;
    const wide = await createBidTemplate(workflowDeps, requestOf(rescanner), { details: { ...bidTerms, name: 'Bench rescan', organisation_uuid: rescanner.organisationUuid } });
    if (!wide.ok) throw new Error(wide.error.message);
    await caughtUp(wide.position, ['bid_templates']);
    const ruled = await changeBidTemplate(workflowDeps, requestOf(rescanner), { type: 'SetQualifyingRules', data: { template_id: wide.templateId, rules: rulesFor(0, true) } });
    if (!ruled.ok) throw new Error(ruled.error.message);
    const first = await changeAutoBidding(workflowDeps, requestOf(rescanner), { templateId: wide.templateId, autoBidding: true, scope: 'only_new_posts' });
    if (!first.ok) throw new Error(first.error.message);
    await caughtUp(first.position);
    process.stderr.write(`  auto-bidding: a rescan over ${int(sizes.openPosts)} open posts, hand bids meanwhile ... `);
    const during = new LatencyRecorder();
    const rescanBidsBefore = await autoBidsOn(market.posts.map((post) => post.postId));
    const rescanStarted = performance.now();
    const rescan = await changeAutoBidding(workflowDeps, requestOf(rescanner), { templateId: wide.templateId, autoBidding: true });
    if (!rescan.ok) throw new Error(rescan.error.message);
    let rescanning = true;
    const rescanDone = caughtUp(rescan.position, ['auto-bidder']).then(() => {
      rescanning = false;
    });
    await Promise.all([handBids(during, () => !rescanning), rescanDone]);
    const rescanSeconds = (performance.now() - rescanStarted) / 1000;
    process.stderr.write(`${rescanSeconds.toFixed(1)} s, p99 ${ms(during.summary().p99)} ms\n`);

    return {
      templates: rows.length,
      posts: burst.length,
      ceiling: { evaluationsPerSecond: ceiling, matched },
      burst: { seconds: burstSeconds, evaluationsPerSecond: (rows.length * burst.length) / burstSeconds, autoBids: burstBids, latency: queued.summary() },
      paced: { posts: sizes.pacedPosts, latency: paced.summary() },
      rescan: { openPosts: sizes.openPosts, seconds: rescanSeconds, autoBids: (await autoBidsOn(market.posts.map((post) => post.postId))) - rescanBidsBefore, without: without.summary(), during: during.summary(), handBids: { without: without.count, during: during.count } },
    };
  } finally {
    await runner.stop();
    await handle.close();
    await dropDatabase(name);
  }
}

export function printAutoBidding(f: AutoBiddingFigures): void {
  console.log(`\nAuto-bidding: ${int(f.templates)} active templates, ${int(f.posts)} posts published at once`);
  console.log(
    formatTable(
      ['Workload', 'Evaluations/s', 'vs ceiling', 'Notes'],
      [
        ['ceiling: evaluateTemplate in a plain loop, no I/O', int(f.ceiling.evaluationsPerSecond), '1.00x', `${int(f.ceiling.matched)} of ${int(f.templates * f.posts)} pairs bid`],
        [
          'the auto-bidder: publication to the last auto-bid',
          int(f.burst.evaluationsPerSecond),
          times(f.burst.evaluationsPerSecond / f.ceiling.evaluationsPerSecond),
          `${int(f.burst.autoBids)} auto-bids, ${f.burst.seconds.toFixed(1)} s`,
        ],
      ],
    ),
  );
  const latency = (l: Latency) => [`${ms(l.p50)} ms`, `${ms(l.p99)} ms`, `${ms(l.max)} ms`];
  console.log(
    formatTable(
      ['Publication to a post\'s last auto-bid', 'p50', 'p99', 'max'],
      [
        [`${int(f.posts)} posts at once (queued)`, ...latency(f.burst.latency)],
        [`${f.paced.posts} posts one at a time`, ...latency(f.paced.latency)],
      ],
    ),
  );
  console.log(`\nA rescan of one template over ${int(f.rescan.openPosts)} open posts: ${f.rescan.seconds.toFixed(1)} s, ${int(f.rescan.autoBids)} auto-bids, ${int(f.rescan.openPosts / f.rescan.seconds)} posts/s`);
  console.log(
    formatTable(
      ['Hand-placed bids', 'bids', 'p50', 'p99', 'max', 'p99 vs without'],
      [
        ['without a rescan', int(f.rescan.handBids.without), ...latency(f.rescan.without), '1.00x'],
        ['during the rescan', int(f.rescan.handBids.during), ...latency(f.rescan.during), times(f.rescan.during.p99 / f.rescan.without.p99)],
      ],
    ),
  );
  console.log(`  The auto-bidder's share of the ceiling: ${percent(f.burst.evaluationsPerSecond / f.ceiling.evaluationsPerSecond)}.`);
}
