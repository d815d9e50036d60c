import type { OrganisationType } from '../../domain/organisation/schemas';
import { organisationDecider } from '../../domain/organisation/decider';
import { organisationStream } from '../../domain/organisation/events';
import { postStream } from '../../domain/post/events';
import { refinanceLoan } from '../../domain/post/test-fixtures';
import type { HomeLoan } from '../../domain/post/schemas';
import { homeLoanProduct } from '../../domain/product/products';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import { comparePositions, type EventStore, type Position } from '../../infrastructure/event-store/event-store';
import { randomIds } from '../../infrastructure/ids';
import type { AppSecrets } from '../../infrastructure/secrets';
import { createUser, type TestUser } from '../../tests/support/users';
import { Random } from './events';
import { publishedPostEvents } from './market';

// The load test's marketplace (scripts/bench/load.ts), made through the domain before the run (not timed): lending
// organisations and brokers with several providers each, customers, an admin, and published refinance posts that
// differ in amount, value, state and current rate, so the dashboards' filters and sorts have something to choose.
// Bids and accepted deals are added over HTTP afterwards (load.ts), through the product's own routes.

export type LoadProvider = TestUser & { organisationUuid: string; organisationType: OrganisationType };
export type LoadPost = { postId: string; homeLoanId: string; owner: TestUser };
export type LoadMarket = {
  /** The financial institutions: what a broker's bid names as its lender. */
  lenders: string[];
  providers: LoadProvider[];
  customers: TestUser[];
  admin: TestUser;
  posts: LoadPost[];
  position: Position;
};

export type LoadMarketSizes = { lenders: number; brokers: number; providersPerOrganisation: number; customers: number; posts: number };

/** Where the customers live (the address's state, suburb and postcode must belong together). */
export const PLACES = [
  { state: 'NSW', suburb: 'Sydney', postcode: '2000', latitude: -33.87, longitude: 151.21 },
  { state: 'VIC', suburb: 'Melbourne', postcode: '3000', latitude: -37.81, longitude: 144.96 },
  { state: 'QLD', suburb: 'Brisbane City', postcode: '4000', latitude: -27.47, longitude: 153.03 },
  { state: 'WA', suburb: 'Perth', postcode: '6000', latitude: -31.95, longitude: 115.86 },
  { state: 'SA', suburb: 'Adelaide', postcode: '5000', latitude: -34.93, longitude: 138.6 },
  { state: 'TAS', suburb: 'Hobart', postcode: '7000', latitude: -42.88, longitude: 147.33 },
  { state: 'ACT', suburb: 'Canberra', postcode: '2600', latitude: -35.28, longitude: 149.13 },
  { state: 'NT', suburb: 'Darwin City', postcode: '0800', latitude: -12.46, longitude: 130.84 },
] as const;

export async function seedLoadMarket(deps: { store: EventStore; secrets: AppSecrets }, sizes: LoadMarketSizes): Promise<LoadMarket> {
  const context: CommandContext = { userId: null, correlationId: 'bench-load', causationId: null, now: new Date() };
  const random = new Random(20261121);
  let position: Position | null = null;
  const later = (p: Position | null | undefined) => {
    if (p && (!position || comparePositions(p, position) > 0)) position = p;
  };

  const organisations: { uuid: string; type: OrganisationType }[] = [];
  for (let i = 0; i < sizes.lenders + sizes.brokers; i++) {
    const type: OrganisationType = i < sizes.lenders ? 'financial_institution' : 'broker';
    const uuid = randomIds.uuid();
    const created = await handleCommand({
      store: deps.store,
      ids: randomIds,
      streamId: organisationStream(uuid),
      decider: organisationDecider,
      command: {
        type: 'CreateOrganisation',
        data: {
          organisation_id: uuid,
          product_id: homeLoanProduct.uuid,
          name: type === 'broker' ? `Load Broker ${i + 1}` : `Load Bank ${i + 1}`,
          abbreviation: `L${i + 1}`,
          organisation_type: type,
          category: type === 'broker' ? null : 'other_banks',
          status: 'active',
          logo_file_id: null,
        },
      },
      context,
    });
    if (!created.ok) throw new Error(`load organisation: ${created.error.message}`);
    later(created.position);
    organisations.push({ uuid, type });
  }

  // Accounts hash a password (argon2): a few at a time.
  const providers = await bounded(organisations.length * sizes.providersPerOrganisation, 4, async (i) => {
    const organisation = organisations[i % organisations.length]!;
    const { position: made, ...user } = await createUser(deps, { userType: 'fsp', organisationUuid: organisation.uuid });
    later(made);
    return { ...user, organisationUuid: organisation.uuid, organisationType: organisation.type };
  });
  const customers = await bounded(sizes.customers, 4, async () => {
    const { position: made, ...user } = await createUser(deps, { userType: 'customer' });
    later(made);
    return user;
  });
  const { position: adminMade, ...admin } = await createUser(deps, { userType: 'admin' });
  later(adminMade);

  const posts: LoadPost[] = [];
  for (let i = 0; i < sizes.posts; i++) {
    const owner = customers[i % customers.length]!;
    const post = { postId: randomIds.uuid(), homeLoanId: randomIds.uuid() };
    const appended = await deps.store.append(postStream(post.postId), publishedPostEvents(post, owner.id, context.now, variedLoan(random)), 'no_stream');
    later(appended.position);
    posts.push({ ...post, owner });
  }
  return { lenders: organisations.filter((o) => o.type === 'financial_institution').map((o) => o.uuid), providers, customers, admin, posts, position: position! };
}

/** The fixture's refinance loan with its amount, value (LVR 50% to 80%), place and current rate varied. */
export function variedLoan(random: Random): HomeLoan {
  const value = 400_000 + random.below(26) * 50_000;
  const lvr = 50 + random.below(31);
  const place = PLACES[random.below(PLACES.length)]!;
  return {
    ...refinanceLoan,
    property_market_value: value,
    loan_amount: Math.round((value * lvr) / 100 / 1000) * 1000,
    user_address: { country: 'AU', ...place },
    interest_rate: Math.round((5.9 + random.below(90) / 100) * 100) / 100,
  };
}

/** `count` results of `make`, at most `concurrency` at a time, in order. */
export async function bounded<T>(count: number, concurrency: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        made[i] = await make(i);
      }
    }),
  );
  return made;
}
