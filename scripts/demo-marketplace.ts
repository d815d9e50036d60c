import { comparisonRate, variableRateTerms } from '../domain/bid/comparison-rate';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../api/app';
import { bidWarningCodes } from '../domain/bid/rules';
import type { BidFormInput } from '../domain/bid/schemas';
import type { AddableActivityType, NotProceedingReason } from '../domain/deal/schemas';
import { defaultPreferences, type Applicant, type Expense, type HomeLoan, type HomeLoanPreferences, type Income, toHomeLoan } from '../domain/post/schemas';
import { homeLoanProduct } from '../domain/product/products';
import { sydneyDay } from '../domain/shared/sydney-time';
import type { UserType } from '../domain/user/schemas';
import type { Clock } from '../infrastructure/clock';
import type { Config } from '../infrastructure/config';
import type { Database } from '../infrastructure/database/database';
import { type EventStore, parsePosition, type Position } from '../infrastructure/event-store/event-store';
import type { Ids } from '../infrastructure/ids';
import type { AppSecrets } from '../infrastructure/secrets';
import { issueAccessToken, newSessionId } from '../infrastructure/tokens';
import { waitForProjections } from '../projections/projection-status';
import { demoCampaign, seedCatalogue, setUpAutoBidding } from './demo-catalogue';
import { consumersFor } from '../application/consumers';
import { TransitionScheduler } from '../projections/scheduler/transition-scheduler';

// The demo's trade (issue 24, docs/demo-data.md): posts in every status, bids of several lenders and brokers, deals at
// every stage, conversations, reviews and notes, made as people would make them: through the API's own routes (a
// second app on the same database, with a clock of its own) and the scheduler's own firings, so every event, reactor,
// e-mail and read model is the product's. The clock walks from weeks ago to now, so the history is dated relative to
// the day of seeding and the statistics have something to chart. Choices that would be random (rates, order) come
// from a fixed seed: every seeding tells the same story.

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * What the story's next steps read: the read models its requests look things up in and the reactors that carry the
 * trade on. The mails and the statistics are left to catch up in larger batches at their own pace (waiting for them
 * after every request doubled the seeding time on embedded PostgreSQL, where every consumer shares one connection).
 */
const storyReads = [
  'users',
  'posts',
  'bids',
  'deals',
  'messages',
  'post-notes',
  'reviews',
  'scheduled_transitions',
  'deal-opener',
  'bid-expiry',
  'financial_institution_products',
  'bid_templates',
  'campaigns',
  // Auto-bidding is set up at the end of the story: its bids and improvements are part of what the next step reads.
  'auto-bidder',
  'auto-bid-improver',
];

export type MarketplaceDependencies = { config: Config; db: Database; store: EventStore; secrets: AppSecrets };
/** An account of the demo; a provider's organisation is the one its bids name. */
export type DemoPerson = { id: string; userType: UserType; organisationUuid?: string };

/** The people the marketplace's story needs, by their demo e-mail address. */
export type DemoCast = { admin: DemoPerson; people: ReadonlyMap<string, DemoPerson> };

/** The seed's clock: moved forward step by step through the story; never backwards. */
class StoryClock implements Clock {
  #now: number;
  constructor(start: Date) {
    this.#now = start.getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  moveTo(instant: Date): void {
    if (instant.getTime() > this.#now) this.#now = instant.getTime();
  }
}

/** mulberry32: a small, fixed-seed generator, so the demo is the same on every machine. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Version-4 shaped uuids from the seeded generator: the demo's posts, bids and deals have the same ids every time. */
function seededIds(random: () => number): Ids {
  const hex = () => Math.floor(random() * 16).toString(16);
  return {
    uuid: () => {
      const digits = Array.from({ length: 32 }, hex);
      digits[12] = '4';
      digits[16] = '89ab'[Math.floor(random() * 4)]!;
      const s = digits.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}

type Suburb = HomeLoan['user_address'];
const suburbs = {
  sydney: { country: 'AU', state: 'NSW', suburb: 'Sydney', postcode: '2000', latitude: -33.87, longitude: 151.21 },
  parramatta: { country: 'AU', state: 'NSW', suburb: 'Parramatta', postcode: '2150', latitude: -33.81, longitude: 151.0 },
  melbourne: { country: 'AU', state: 'VIC', suburb: 'Melbourne', postcode: '3000', latitude: -37.81, longitude: 144.96 },
  brisbane: { country: 'AU', state: 'QLD', suburb: 'Brisbane City', postcode: '4000', latitude: -27.47, longitude: 153.03 },
  perth: { country: 'AU', state: 'WA', suburb: 'Perth', postcode: '6000', latitude: -31.95, longitude: 115.86 },
  adelaide: { country: 'AU', state: 'SA', suburb: 'Adelaide', postcode: '5000', latitude: -34.93, longitude: 138.6 },
  hobart: { country: 'AU', state: 'TAS', suburb: 'Hobart', postcode: '7000', latitude: -42.88, longitude: 147.33 },
} satisfies Record<string, NonNullable<Suburb>>;

/** One request of a customer's: a refinance (the wizard's most common loan) with its household. */
type LoanRequest = {
  amount: number;
  value: number;
  suburb: keyof typeof suburbs;
  lender: string;
  currentRate: number;
  applicants: [string, string][];
  income: number;
  preferences?: Partial<HomeLoanPreferences>;
};

/** What happens to a post, in days after its publication (hours as fractions). */
type PostStory = {
  key: string;
  owner: string;
  /** Days before the seeding that the post was published. */
  publishedDaysAgo: number;
  loan: LoanRequest;
  /** Bidders in the order they bid, each `hoursAfter` publication. */
  bids: { by: string; hoursAfter: number }[];
  /** The bid the customer accepts (index into `bids`), `daysAfter` publication. */
  accept?: { bid: number; daysAfter: number };
  /** The deal's steps after acceptance, in days after publication. */
  deal?: { type: AddableActivityType; daysAfter: number; amount?: number; settledLender?: string; reason?: NotProceedingReason; description?: string }[];
  /** The admin turns Auto-Declare off for this post (it then goes on to processing and expiry without a deal). */
  noAutoDeclare?: { daysAfter: number };
  /** A bidder withdraws its bid (index into `bids`). */
  cancelBid?: { bid: number; daysAfter: number };
  /** The customer cancels the post. */
  cancel?: { daysAfter: number; reason: string };
  prioritise?: { daysAfter: number };
  /** A conversation between the owner and a bidder (index into `bids`), lines alternating, the first by `first`. */
  chat?: { bid: number; first: 'customer' | 'provider'; daysAfter: number; lines: string[] };
  /** Notes on the post, by a bidder (index) or the admin. */
  notes?: { by: number | 'admin'; daysAfter: number; note: string }[];
  /** The customer came through the demo campaign's link (scripts/demo-catalogue.ts). */
  viaCampaign?: true;
  /** The customer rates the provider of the deal; `approved`: the admin publishes it. */
  review?: { daysAfter: number; rating: number; description: string; approved: boolean };
};

const people = (...names: string[]): [string, string][] => names.map((n) => n.split(' ') as [string, string]);

/**
 * The story (docs/demo-data.md lists what each account finds). Bidding lasts 7 days, the review 2, processing 7
 * (the system configuration's defaults), so the days below put each post in the status it is meant to show today.
 */
export const demoStories: PostStory[] = [
  {
    key: 'settled-early',
    owner: 'james.wilson@demo.example',
    publishedDaysAgo: 40,
    loan: { amount: 520_000, value: 780_000, suburb: 'parramatta', lender: 'Westpac', currentRate: 6.49, applicants: people('James Wilson', 'Amelia Wilson'), income: 145_000 },
    bids: [
      { by: 'lender@cba.demo.example', hoursAfter: 2 },
      { by: 'broker@aussie.demo.example', hoursAfter: 5 },
      { by: 'lender@macquarie.demo.example', hoursAfter: 26 },
    ],
    accept: { bid: 0, daysAfter: 3 },
    deal: [
      { type: 'contact', daysAfter: 4 },
      { type: 'application', daysAfter: 10, amount: 520_000 },
      { type: 'closed_won', daysAfter: 30, amount: 520_000, settledLender: 'Commonwealth Bank' },
    ],
    chat: { bid: 0, first: 'provider', daysAfter: 2.5, lines: ['Hi James, happy to walk you through the offer. When suits you for a call?', 'Tomorrow after 5 pm works well.', 'Great, I will call you then.'] },
    review: { daysAfter: 31, rating: 5, description: 'Liam made the refinance painless and kept us posted at every step.', approved: true },
  },
  {
    key: 'settled-recent',
    owner: 'customer@demo.example',
    publishedDaysAgo: 27,
    viaCampaign: true,
    loan: { amount: 610_000, value: 905_000, suburb: 'sydney', lender: 'Commonwealth Bank', currentRate: 6.35, applicants: people('Chloe Jones', 'Daniel Jones'), income: 168_000 },
    bids: [
      { by: 'lender@anz.demo.example', hoursAfter: 3 },
      { by: 'broker@loanmarket.demo.example', hoursAfter: 20 },
      { by: 'manager@cba.demo.example', hoursAfter: 50 },
    ],
    accept: { bid: 1, daysAfter: 8 },
    deal: [
      { type: 'contact', daysAfter: 9 },
      { type: 'application', daysAfter: 12, amount: 610_000 },
      { type: 'closed_won', daysAfter: 22, amount: 605_000, settledLender: 'ING' },
    ],
    chat: { bid: 1, first: 'customer', daysAfter: 7.5, lines: ['Is the rate fixed for the first two years?', 'It is variable, with no fees to switch later. Happy to explain on a call.'] },
    review: { daysAfter: 23, rating: 4, description: 'A good rate and a quick settlement; the paperwork took a little longer than expected.', approved: false },
  },
  {
    key: 'not-proceeding',
    owner: 'ruby.walker@demo.example',
    publishedDaysAgo: 24,
    loan: { amount: 380_000, value: 470_000, suburb: 'brisbane', lender: 'Suncorp', currentRate: 6.69, applicants: people('Ruby Walker'), income: 92_000 },
    bids: [
      { by: 'broker@aussie.demo.example', hoursAfter: 4 },
      { by: 'lender@macquarie.demo.example', hoursAfter: 9 },
    ],
    accept: { bid: 1, daysAfter: 2 },
    deal: [
      { type: 'contact', daysAfter: 3 },
      { type: 'closed_lost', daysAfter: 9, reason: 'credit_or_serviceability_issues', description: 'The income did not cover the new repayments at our assessment rate.' },
    ],
  },
  {
    key: 'expired',
    owner: 'henry.white@demo.example',
    publishedDaysAgo: 22,
    loan: { amount: 300_000, value: 650_000, suburb: 'hobart', lender: 'Bendigo Bank', currentRate: 6.1, applicants: people('Henry White'), income: 110_000 },
    bids: [{ by: 'manager@cba.demo.example', hoursAfter: 30 }],
    noAutoDeclare: { daysAfter: 7.5 },
  },
  {
    key: 'on-hold',
    owner: 'mia.thompson@demo.example',
    publishedDaysAgo: 20,
    loan: { amount: 700_000, value: 1_100_000, suburb: 'melbourne', lender: 'NAB', currentRate: 6.29, applicants: people('Mia Thompson', 'Lachlan Thompson'), income: 210_000 },
    bids: [
      { by: 'lender@cba.demo.example', hoursAfter: 6 },
      { by: 'lender@anz.demo.example', hoursAfter: 8 },
      { by: 'broker@loanmarket.demo.example', hoursAfter: 40 },
    ],
    accept: { bid: 1, daysAfter: 8 },
    deal: [
      { type: 'contact', daysAfter: 9 },
      { type: 'on_hold', daysAfter: 12, description: 'The customers are waiting for the sale of their investment unit.' },
    ],
    notes: [{ by: 1, daysAfter: 9, note: 'Called Mia: they want to sell the unit in Footscray first.' }],
  },
  {
    key: 'applied',
    owner: 'henry.white@demo.example',
    publishedDaysAgo: 16,
    loan: { amount: 450_000, value: 600_000, suburb: 'adelaide', lender: 'ING', currentRate: 6.2, applicants: people('Henry White', 'Grace White'), income: 150_000 },
    bids: [
      { by: 'manager@cba.demo.example', hoursAfter: 1 },
      { by: 'lender@macquarie.demo.example', hoursAfter: 3 },
      { by: 'broker@aussie.demo.example', hoursAfter: 7 },
      { by: 'lender@cba.demo.example', hoursAfter: 12 },
    ],
    accept: { bid: 2, daysAfter: 1 },
    deal: [
      { type: 'contact', daysAfter: 2 },
      { type: 'application', daysAfter: 6, amount: 450_000 },
    ],
    chat: { bid: 2, first: 'provider', daysAfter: 0.5, lines: ['Hi Henry, if you go ahead, these are the documents we will need.', 'Thanks, I have the payslips ready.'] },
  },
  {
    key: 'processing',
    owner: 'ruby.walker@demo.example',
    publishedDaysAgo: 13,
    loan: { amount: 260_000, value: 420_000, suburb: 'perth', lender: 'Bankwest', currentRate: 6.55, applicants: people('Ruby Walker'), income: 92_000 },
    bids: [{ by: 'broker@aussie.demo.example', hoursAfter: 10 }],
    noAutoDeclare: { daysAfter: 8 },
  },
  {
    key: 'contacted',
    owner: 'customer@demo.example',
    publishedDaysAgo: 12,
    loan: { amount: 350_000, value: 560_000, suburb: 'sydney', lender: 'Commonwealth Bank', currentRate: 6.4, applicants: people('Chloe Jones'), income: 98_000 },
    bids: [
      { by: 'lender@cba.demo.example', hoursAfter: 2 },
      { by: 'lender@macquarie.demo.example', hoursAfter: 4 },
      { by: 'lender@anz.demo.example', hoursAfter: 28 },
    ],
    accept: { bid: 0, daysAfter: 8 },
    deal: [{ type: 'contact', daysAfter: 9 }],
    chat: { bid: 0, first: 'customer', daysAfter: 6, lines: ['Do you charge a fee to break my current loan?', 'No fee from us; your current lender may charge a discharge fee of about $350.', 'Thanks, that helps.'] },
    notes: [{ by: 0, daysAfter: 9, note: 'Chloe prefers calls after 6 pm. Valuation booked.' }],
  },
  {
    key: 'auto-declared',
    owner: 'zoe.harris@demo.example',
    publishedDaysAgo: 10,
    loan: { amount: 540_000, value: 720_000, suburb: 'brisbane', lender: 'Westpac', currentRate: 6.45, applicants: people('Zoe Harris', 'Noah Harris'), income: 160_000 },
    bids: [
      { by: 'lender@macquarie.demo.example', hoursAfter: 5 },
      { by: 'broker@loanmarket.demo.example', hoursAfter: 11 },
    ],
  },
  {
    key: 'review',
    owner: 'james.wilson@demo.example',
    publishedDaysAgo: 8,
    loan: { amount: 480_000, value: 640_000, suburb: 'melbourne', lender: 'ANZ', currentRate: 6.3, applicants: people('James Wilson'), income: 120_000 },
    bids: [
      { by: 'lender@cba.demo.example', hoursAfter: 3 },
      { by: 'broker@aussie.demo.example', hoursAfter: 6 },
      { by: 'lender@macquarie.demo.example', hoursAfter: 30 },
      { by: 'lender@anz.demo.example', hoursAfter: 50 },
    ],
    cancelBid: { bid: 3, daysAfter: 5 },
    notes: [{ by: 'admin', daysAfter: 7.5, note: 'Checked the property value against recent sales: fine.' }],
  },
  {
    key: 'cancelled',
    owner: 'zoe.harris@demo.example',
    publishedDaysAgo: 6,
    loan: { amount: 200_000, value: 500_000, suburb: 'adelaide', lender: 'Bank of Queensland', currentRate: 6.7, applicants: people('Zoe Harris'), income: 85_000 },
    bids: [],
    cancel: { daysAfter: 1, reason: 'We decided to stay with our current lender after they matched the rate.' },
  },
  {
    key: 'bidding',
    owner: 'customer@demo.example',
    publishedDaysAgo: 2,
    viaCampaign: true,
    loan: { amount: 430_000, value: 690_000, suburb: 'parramatta', lender: 'Westpac', currentRate: 6.25, applicants: people('Chloe Jones', 'Daniel Jones'), income: 150_000 },
    bids: [
      { by: 'lender@macquarie.demo.example', hoursAfter: 1 },
      { by: 'broker@loanmarket.demo.example', hoursAfter: 4 },
      { by: 'manager@cba.demo.example', hoursAfter: 20 },
      { by: 'broker@aussie.demo.example', hoursAfter: 30 },
    ],
    chat: { bid: 1, first: 'customer', daysAfter: 1.5, lines: ['Could you do a 2-year fixed rate instead?', 'Yes: I can offer 5.69% fixed for two years. I will add it to my bid.'] },
  },
  {
    key: 'bidding-priority',
    owner: 'mia.thompson@demo.example',
    publishedDaysAgo: 1,
    loan: { amount: 820_000, value: 1_250_000, suburb: 'sydney', lender: 'Macquarie Bank', currentRate: 6.15, applicants: people('Mia Thompson', 'Lachlan Thompson'), income: 230_000 },
    bids: [
      { by: 'lender@cba.demo.example', hoursAfter: 2 },
      { by: 'lender@anz.demo.example', hoursAfter: 6 },
    ],
    prioritise: { daysAfter: 0.1 },
  },
];

/**
 * After auto-bidding is set up, another lender bids on a post an auto-bid stands on and beats it, so the auto-bid
 * improves by its template's step (docs/auto-bidding.md "Floor and step").
 */
export const demoOutbid = { post: 'bidding', by: 'lender@anz.demo.example' } as const;

/** The customers the story adds to the accounts of scripts/demo-data.ts (README "Log in"). */
export const storyCustomers = [
  { email: 'james.wilson@demo.example', first_name: 'James', last_name: 'Wilson' },
  { email: 'ruby.walker@demo.example', first_name: 'Ruby', last_name: 'Walker' },
  { email: 'henry.white@demo.example', first_name: 'Henry', last_name: 'White' },
  { email: 'mia.thompson@demo.example', first_name: 'Mia', last_name: 'Thompson' },
  { email: 'zoe.harris@demo.example', first_name: 'Zoe', last_name: 'Harris' },
];

/** One moment of the story and what happens then. */
type Step = { at: Date; label: string; run: () => Promise<void> };

/** Seeds the trade of the demo marketplace; every step is a request to the API as the person who would make it. */
export async function seedMarketplace(deps: MarketplaceDependencies, cast: DemoCast, today: Date): Promise<void> {
  const known = new Set(consumersFor({ publicUrl: deps.config.publicUrl, secrets: deps.secrets }).map((c) => c.name));
  const missing = storyReads.filter((name) => !known.has(name));
  if (missing.length > 0) throw new Error(`The demo reads consumers that do not exist: ${missing.join(', ')}`);
  const random = seededRandom(24);
  const clock = new StoryClock(new Date(today.getTime() - 45 * DAY));
  const app = await buildApp({ config: deps.config, db: deps.db, store: deps.store, clock, ids: seededIds(random), secrets: deps.secrets });
  const scheduler = new TransitionScheduler({ db: deps.db, store: deps.store, ids: seededIds(random), clock });
  try {
    const world = new StoryWorld({ app, deps, clock, scheduler, cast, random });
    const steps: Step[] = [];
    const pendingPostOwner = cast.people.get('new.customer@demo.example');
    const call: Parameters<typeof seedCatalogue>[0] = (...args) => world.call(...args);
    let templateIds = new Map<string, string>();
    steps.push({ at: new Date(today.getTime() - 44 * DAY), label: 'catalogue: products, campaign, bid templates', run: async () => void (templateIds = await seedCatalogue(call, cast)) });
    if (pendingPostOwner) steps.push({ at: new Date(today.getTime() - 3 * HOUR), label: 'draft of the new customer', run: () => world.draftPost(pendingPostOwner) });
    for (const story of demoStories) steps.push(...world.stepsOf(story, today));
    steps.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const step of steps) {
      if (step.at.getTime() > today.getTime()) throw new Error(`demo step after today: ${step.label}`);
      await world.advanceTo(step.at);
      try {
        await step.run();
      } catch (error) {
        throw new Error(`Demo marketplace, ${step.label}: ${(error as Error).message}`);
      }
    }
    await world.advanceTo(today);
    // Auto-bidding last, at the moment of seeding (docs/demo-data.md "Auto-bidding"): the auto-bidder and the improver
    // date what they do by the real clock, as reactors do, so anything earlier in the story would read out of order.
    try {
      await world.advanceTo(new Date());
      await setUpAutoBidding(call, cast, templateIds);
      await world.advanceTo(new Date());
      await world.outbidAutoBid(demoOutbid);
      // Until the read models hold the improvement the outbid set off (the improver's edit of the auto-bid).
      await world.advanceTo(new Date());
    } catch (error) {
      throw new Error(`Demo marketplace, auto-bidding: ${(error as Error).message}`);
    }
  } finally {
    await app.close();
  }
}

type WorldOptions = {
  app: FastifyInstance;
  deps: MarketplaceDependencies;
  clock: StoryClock;
  scheduler: TransitionScheduler;
  cast: DemoCast;
  random: () => number;
};

type PostRecord = { postId: string; homeLoanId: string; bidIds: string[]; dealId?: string };

class StoryWorld {
  readonly #o: WorldOptions;
  readonly #posts = new Map<string, PostRecord>();

  constructor(options: WorldOptions) {
    this.#o = options;
  }

  #person(email: string): DemoPerson {
    const person = this.#o.cast.people.get(email);
    if (!person) throw new Error(`no demo account ${email}`);
    return person;
  }

  /** A request as `who`, with a token issued at the story's time; anything but a success stops the seeding. */
  async call(who: DemoPerson, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> {
    const { deps, clock, app } = this.#o;
    const token = await issueAccessToken(deps.secrets.accessTokenKey, { userId: who.id, userType: who.userType, sessionId: newSessionId() }, clock.now());
    const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    await this.#settle(response.headers['x-position']);
    return response;
  }

  /** Waits until every projection and reactor has applied the request's write (the next step reads them). */
  async #settle(header: string | string[] | number | undefined): Promise<void> {
    const position = typeof header === 'string' ? parsePosition(header) : null;
    if (position) await this.#until(position);
  }

  async #until(position: Position): Promise<void> {
    if (!(await waitForProjections(this.#o.deps.db, storyReads, position, { timeoutMs: 30_000, pollMs: 5 }))) {
      throw new Error('the projections did not catch up');
    }
  }

  /** Until the log stands still: reactors answer events with events of their own. */
  async #quiet(): Promise<void> {
    for (;;) {
      const head = await this.#o.deps.store.headPosition();
      await this.#until(head);
      const after = await this.#o.deps.store.headPosition();
      if (after.commit === head.commit && after.prepare === head.prepare) return;
    }
  }

  /**
   * Moves the story's clock to `instant`, firing on the way each scheduled transition (end of bidding, Auto-Declare,
   * end of review, expiry) at its own due time, as the product's scheduler would have.
   */
  async advanceTo(instant: Date): Promise<void> {
    for (;;) {
      await this.#quiet();
      const { rows } = await sql<{ due_at: Date }>`
        select t.due_at from scheduled_transitions t
        left join scheduler_claims c on c.post_id = t.post_id and c.kind = t.kind and c.due_at = t.due_at
        where c.post_id is null and t.due_at <= ${instant}
        order by t.due_at limit 1`.execute(this.#o.deps.db);
      const due = rows[0]?.due_at;
      if (!due) break;
      this.#o.clock.moveTo(due);
      await this.#o.scheduler.tick();
    }
    this.#o.clock.moveTo(instant);
  }

  #rate(base: number, spread: number): number {
    return Math.round((base + this.#o.random() * spread) * 100) / 100;
  }

  /** The new customer's first post, left at the loan details as the wizard saves it (status pending). */
  async draftPost(owner: DemoPerson): Promise<void> {
    const postId = await this.#created(owner, `/v2/products/${homeLoanProduct.uuid}/posts`, { post: { urgency: 'within_3_months' } });
    await this.#created(owner, `/v2/posts/${postId}/home_loans`, {
      home_loan: homeLoanOf({ amount: 390_000, value: 560_000, suburb: 'melbourne', lender: 'ANZ', currentRate: 6.39, applicants: people('Ethan Lee'), income: 95_000 }),
    });
  }

  async #created(who: DemoPerson, url: string, payload: object): Promise<string> {
    const response = await this.call(who, 'POST', url, payload);
    return response.json().uuid as string;
  }

  /** A complete post as the wizard makes it, then published. */
  async #publish(story: PostStory): Promise<PostRecord> {
    const owner = this.#person(story.owner);
    const post = { urgency: 'within_1_month', ...(story.viaCampaign ? { campaign_slug: demoCampaign.slug } : {}) };
    const postId = await this.#created(owner, `/v2/products/${homeLoanProduct.uuid}/posts`, { post });
    const homeLoanId = await this.#created(owner, `/v2/posts/${postId}/home_loans`, { home_loan: homeLoanOf(story.loan) });
    await this.#created(owner, `/v2/home_loans/${homeLoanId}/home_loan_preferences`, { home_loan_preferences: { ...defaultPreferences, ...story.loan.preferences } });
    const applicantIds: string[] = [];
    for (const [index, [first_name, last_name]] of story.loan.applicants.entries()) {
      const applicant: Applicant = { first_name, last_name, date_of_birth: 1980 + index * 3 + Math.floor(this.#o.random() * 8), credit_history: index === 0 ? 'excellent' : 'average', rent_expenses_value: null, rent_expenses_period: null };
      applicantIds.push(await this.#created(owner, `/v2/home_loans/${homeLoanId}/applicants`, { applicant }));
    }
    const income: Income = { income_type: 'employment_income', category: 'payg', description: 'Salary', tax: 'before_tax', frequency: 'regular', period: 'yearly_income_period', value: story.loan.income };
    await this.#created(owner, `/v2/applicants/${applicantIds[0]}/incomes`, { income });
    const living: Omit<Extract<Expense, { expense_type: 'general' }>, 'applicants'> = { expense_type: 'general', value: Math.round(story.loan.income / 48 / 100) * 100, period: 'monthly_expenses_period' };
    await this.#created(owner, `/v2/home_loans/${homeLoanId}/expenses`, { applicants: applicantIds, expense: living });
    await this.call(owner, 'PATCH', `/v2/posts/${postId}`, { operation: 'validate' });
    const record: PostRecord = { postId, homeLoanId, bidIds: [] };
    this.#posts.set(story.key, record);
    return record;
  }

  #post(story: PostStory): PostRecord {
    const record = this.#posts.get(story.key);
    if (!record) throw new Error(`post ${story.key} not published yet`);
    return record;
  }

  async #bid(story: PostStory, bidder: string, rank: number): Promise<void> {
    const record = this.#post(story);
    const provider = this.#person(bidder);
    const organisation_uuid = provider.organisationUuid;
    if (!organisation_uuid) throw new Error(`${bidder} has no organisation`);
    // Below the customer's current rate, each bidder a little different: the seeded generator picks by how much. The
    // bid the customer will accept is a sharper one, as customers choose (the winning rate in the statistics).
    const sharper = story.accept?.bid === rank ? 0.3 : 0;
    const interest_rate = Math.min(this.#rate(story.loan.currentRate - 0.95, 0.6) + rank * 0.03 - sharper, story.loan.currentRate - 0.1);
    // An annual fee of up to $400, and the comparison rate worked out from it as lenders must (domain/bid/comparison-rate.ts).
    const ongoing_fees_value = Math.round(this.#o.random() * 40) * 10;
    const terms = { ...variableRateTerms(interest_rate), ongoing_fees_value };
    const bid: BidFormInput = {
      bid_type: 'normal',
      organisation_uuid,
      interest_rate,
      comparison_rate: comparisonRate(terms),
      ongoing_fees_value,
      ongoing_fees_period: 'per_annum',
      rate_type: 'variable',
      type_of_loan: this.#o.random() < 0.6 ? 'full_service_loan' : 'basic_loan',
      repayment_type: 'principal_and_interest',
      maximum_lvr: 90,
      offset: this.#o.random() < 0.7,
      redraw: true,
      required_documents: [
        { document_type: 'Payslips', description: 'The last two', quantity: 2, mandatory: true },
        { document_type: 'Current loan statements', description: 'The last six months', quantity: 1, mandatory: true },
      ],
    };
    const placed = await this.call(provider, 'POST', `/v4/home_loans/${record.homeLoanId}/bids`, { home_loan_bid: bid, confirmed_warnings: [...bidWarningCodes] });
    record.bidIds.push(placed.json().uuid as string);
  }

  /** A hand-placed bid on the post of `outbid.post`, after its bidders (the auto-bids' competitor). */
  async outbidAutoBid(outbid: { post: string; by: string }): Promise<void> {
    const story = demoStories.find((candidate) => candidate.key === outbid.post);
    if (!story) throw new Error(`no demo post ${outbid.post}`);
    await this.#bid(story, outbid.by, story.bids.length);
  }

  /** The moments of one post's story, each a step. */
  stepsOf(story: PostStory, today: Date): Step[] {
    const published = today.getTime() - story.publishedDaysAgo * DAY;
    const at = (days: number) => new Date(published + days * DAY);
    const steps: Step[] = [];
    const step = (days: number, what: string, run: () => Promise<unknown>) => steps.push({ at: at(days), label: `${story.key}: ${what}`, run: async () => void (await run()) });
    const bidderOf = (index: number) => this.#person(story.bids[index]!.by);
    const owner = () => this.#person(story.owner);
    const admin = this.#o.cast.admin;

    step(0, 'published', () => this.#publish(story));
    story.bids.forEach((bid, rank) => step(bid.hoursAfter / 24, `bid by ${bid.by}`, () => this.#bid(story, bid.by, rank)));
    if (story.prioritise) step(story.prioritise.daysAfter, 'priority', () => this.call(admin, 'PATCH', `/v2/posts/${this.#post(story).postId}`, { operation: 'promote_as_priority' }));
    if (story.cancelBid) {
      const { bid, daysAfter } = story.cancelBid;
      step(daysAfter, 'bid withdrawn', () => this.call(bidderOf(bid), 'PATCH', `/v4/home_loan_bids/${this.#post(story).bidIds[bid]}/cancel`, { reason: 'Our credit policy changed for this postcode.' }));
    }
    if (story.cancel) {
      const { daysAfter, reason } = story.cancel;
      step(daysAfter, 'cancelled', () => this.call(owner(), 'PATCH', `/v2/posts/${this.#post(story).postId}`, { operation: 'cancel', reason }));
    }
    if (story.noAutoDeclare) step(story.noAutoDeclare.daysAfter, 'Auto-Declare off', () => this.call(admin, 'PATCH', `/v2/posts/${this.#post(story).postId}`, { operation: 'cancel_automatic_selection' }));
    if (story.chat) {
      const { bid, first, daysAfter, lines } = story.chat;
      step(daysAfter, 'conversation', async () => {
        const record = this.#post(story);
        const provider = bidderOf(bid);
        const started =
          first === 'customer'
            ? await this.call(owner(), 'POST', `/v1/posts/${record.postId}/conversations`, { provider_uuid: provider.id })
            : await this.call(provider, 'POST', `/v1/posts/${record.postId}/conversations`, {});
        const conversationId = started.json().uuid as string;
        for (const [index, line] of lines.entries()) {
          const customerSpeaks = (index % 2 === 0) === (first === 'customer');
          this.#o.clock.moveTo(new Date(this.#o.clock.now().getTime() + (index + 1) * 7 * 60_000));
          await this.call(customerSpeaks ? owner() : provider, 'POST', `/v1/conversations/${conversationId}/messages`, { message: line });
        }
      });
    }
    for (const note of story.notes ?? []) {
      step(note.daysAfter, 'note', () => this.call(note.by === 'admin' ? admin : bidderOf(note.by), 'POST', `/v1/posts/${this.#post(story).postId}/notes`, { contacted_at: sydneyDay(this.#o.clock.now()), note: note.note }));
    }
    if (story.accept) {
      const { bid, daysAfter } = story.accept;
      step(daysAfter, 'accepted', async () => {
        const record = this.#post(story);
        const accepted = await this.call(owner(), 'POST', `/v1/posts/${record.postId}/home_loan_bids/${record.bidIds[bid]}/accept`, {
          contact_preference: { weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], from_time: '09:00', until_time: '18:00' },
        });
        record.dealId = accepted.json().deal_id as string;
      });
      for (const activity of story.deal ?? []) {
        step(activity.daysAfter, `deal ${activity.type}`, () =>
          this.call(bidderOf(bid), 'POST', `/v1/deals/${this.#post(story).dealId}/activities`, {
            operation: activity.type,
            activity_date: sydneyDay(this.#o.clock.now()),
            ...(activity.amount !== undefined ? { amount: activity.amount } : {}),
            ...(activity.settledLender ? { settled_lender: activity.settledLender } : {}),
            ...(activity.reason ? { reason: activity.reason } : {}),
            ...(activity.description ? { description: activity.description } : {}),
          }),
        );
      }
      if (story.review) {
        const review = story.review;
        step(review.daysAfter, 'review', async () => {
          const record = this.#post(story);
          const sent = await this.call(owner(), 'POST', '/v1/reviews', { review: { post_uuid: record.postId, fsp_uuid: bidderOf(bid).id, rating: review.rating, description: review.description } });
          if (review.approved) await this.call(admin, 'PATCH', `/v1/reviews/${sent.json().uuid}`, { status: 'approved' });
        });
      }
    }
    return steps;
  }
}

/** The wizard's refinance form for one request. */
function homeLoanOf(loan: LoanRequest): HomeLoan {
  return toHomeLoan({
    loan_type: 'refinance',
    loan_purpose: 'owner',
    loan_amount: loan.amount,
    number_of_applicants: loan.applicants.length,
    number_of_dependants: loan.applicants.length > 1 ? 1 : 0,
    property_market_value: loan.value,
    user_address: suburbs[loan.suburb],
    organisation: loan.lender,
    interest_rate: loan.currentRate,
    rate_type: 'variable',
    retention: false,
    fixed_rate_checkbox: true,
    cash_savings: Math.round(loan.income / 5 / 1000) * 1000,
    equity_from_another_property: false,
  });
}
