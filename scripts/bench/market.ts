import type { PostCommand } from '../../domain/post/commands';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { jane, john, livingCosts, refinanceLoan, salary } from '../../domain/post/test-fixtures';
import { defaultPreferences } from '../../domain/post/schemas';
import { homeLoanProduct } from '../../domain/product/products';
import { organisationDecider } from '../../domain/organisation/decider';
import { organisationStream } from '../../domain/organisation/events';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import { comparePositions, type EventStore, type NewEvent, type Position } from '../../infrastructure/event-store/event-store';
import { randomIds } from '../../infrastructure/ids';
import type { AppSecrets } from '../../infrastructure/secrets';
import { createUser, type TestUser } from '../../tests/support/users';

// The market the HTTP bids run in, made through the domain (not timed): one lending organisation, providers of it
// with access tokens, customers, and published refinance posts (the two-applicant post of the unit tests, whose
// LVR is 75% and current rate 6.20%).

export type MarketPost = { postId: string; homeLoanId: string };
export type Market = { organisationId: string; providers: TestUser[]; posts: MarketPost[]; position: Position };

type Deps = { store: EventStore; secrets: AppSecrets };

const CUSTOMERS = 8;

export async function seedMarket(deps: Deps, sizes: { providers: number; posts: number }): Promise<Market> {
  const context: CommandContext = { userId: null, correlationId: 'bench', causationId: null, now: new Date() };
  const organisationId = randomIds.uuid();
  const created = await handleCommand({
    store: deps.store,
    ids: randomIds,
    streamId: organisationStream(organisationId),
    decider: organisationDecider,
    command: {
      type: 'CreateOrganisation',
      data: {
        organisation_id: organisationId,
        product_id: homeLoanProduct.uuid,
        name: 'Bench Bank',
        abbreviation: 'BB',
        organisation_type: 'financial_institution',
        category: 'other_banks',
        status: 'active',
        logo_file_id: null,
      },
    },
    context,
  });
  if (!created.ok) throw new Error(`bench organisation: ${created.error.message}`);

  const providers = await inTurn(sizes.providers, () => createUser(deps, { userType: 'fsp', organisationUuid: organisationId }));
  const customers = await inTurn(CUSTOMERS, () => createUser(deps, { userType: 'customer' }));
  let position = created.position!;
  const posts: MarketPost[] = [];
  for (let i = 0; i < sizes.posts; i++) {
    const owner = customers[i % customers.length]!;
    const post = { postId: randomIds.uuid(), homeLoanId: randomIds.uuid() };
    const appended = await deps.store.append(postStream(post.postId), publishedPostEvents(post, owner.id, context.now), 'no_stream');
    position = appended.position;
    posts.push(post);
  }
  for (const { position: user } of [...providers, ...customers]) if (user && comparePositions(user, position) > 0) position = user;
  return { organisationId, providers: providers.map(({ position: _, ...user }) => user), posts, position };
}

async function inTurn<T>(count: number, make: () => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < count; i++) made.push(await make());
  return made;
}

/**
 * The events of a complete post published now, decided by the post's own decider (the commands the wizard's calls
 * make), to be appended in one go; `homeLoan` varies the loan (the load test's market, scripts/bench/load-market.ts).
 */
export function publishedPostEvents({ postId, homeLoanId }: MarketPost, ownerId: string, now: Date, homeLoan = refinanceLoan): NewEvent[] {
  const applicants = [randomIds.uuid(), randomIds.uuid()] as const;
  const metadata = { actor: { user_id: ownerId, admin: false }, now: now.toISOString() };
  const commands = [
    { type: 'StartPost', data: { post_id: postId, owner_id: ownerId, product_id: homeLoanProduct.uuid, origin: 'auction', urgency: 'within_1_month', campaign_slug: null, campaign_id: null } },
    { type: 'SetHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, home_loan: homeLoan } },
    { type: 'SetPreferences', data: { post_id: postId, home_loan_id: homeLoanId, preferences_id: randomIds.uuid(), preferences: defaultPreferences } },
    { type: 'AddApplicant', data: { post_id: postId, home_loan_id: homeLoanId, applicant_id: applicants[0], applicant: jane } },
    { type: 'AddApplicant', data: { post_id: postId, home_loan_id: homeLoanId, applicant_id: applicants[1], applicant: john } },
    { type: 'AddIncome', data: { post_id: postId, applicant_id: applicants[0], income_id: randomIds.uuid(), income: salary } },
    { type: 'AddExpense', data: { post_id: postId, home_loan_id: homeLoanId, expense_id: randomIds.uuid(), expense: { ...livingCosts, applicants: [...applicants] } } },
    { type: 'PublishPost', data: { post_id: postId } },
  ].map((command) => ({ ...command, metadata }) as PostCommand);
  let state = postDecider.initialState();
  const events: NewEvent[] = [];
  for (const command of commands) {
    const decision = postDecider.decide(command, state);
    if (!decision.ok) throw new Error(`bench post ${command.type}: ${decision.error.message}`);
    for (const event of decision.events) {
      state = postDecider.evolve(state, event);
      events.push({
        id: randomIds.uuid(),
        type: event.type,
        data: event.data,
        metadata: { user_id: ownerId, correlation_id: 'bench', causation_id: null, occurred_at: now.toISOString() },
      });
    }
  }
  return events;
}
