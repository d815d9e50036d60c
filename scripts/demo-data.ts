import { organisationDecider } from '../domain/organisation/decider';
import { type OrganisationDetails, organisationStream } from '../domain/organisation/events';
import { homeLoanProduct } from '../domain/product/products';
import type { QuestionCommand } from '../domain/question/commands';
import { questionDecider } from '../domain/question/decider';
import { questionListStream } from '../domain/question/events';
import type { UserCommand } from '../domain/user/commands';
import { userDecider } from '../domain/user/decider';
import { userStream } from '../domain/user/events';
import type { PermissionChanges } from '../domain/user/permissions';
import type { ProviderType, UserStatus } from '../domain/user/schemas';
import { registerUser } from '../application/users/register-user';
import { type CommandContext, handleCommand } from '../infrastructure/command-handler';
import { comparePositions, type EventStore, START } from '../infrastructure/event-store/event-store';
import { derivedUuid, randomIds } from '../infrastructure/ids';
import type { AppSecrets } from '../infrastructure/secrets';
import type { Config } from '../infrastructure/config';
import type { Database } from '../infrastructure/database/database';
import { type DemoPerson, seedMarketplace, storyCustomers } from './demo-marketplace';

// What a person trying the product locally finds on first start (README "Log in", docs/demo-data.md): lenders and
// brokers, questions, an account in each role and provider status, all with one password, and a marketplace in
// full swing (scripts/demo-marketplace.ts).

export const DEMO_PASSWORD = 'Demo-Password-1';

type OrganisationSeed = Pick<OrganisationDetails, 'name' | 'abbreviation' | 'organisation_type' | 'category'>;

const organisations: OrganisationSeed[] = [
  { name: 'Commonwealth Bank', abbreviation: 'CBA', organisation_type: 'financial_institution', category: 'big_four_banks' },
  { name: 'Westpac', abbreviation: 'WBC', organisation_type: 'financial_institution', category: 'big_four_banks' },
  { name: 'National Australia Bank', abbreviation: 'NAB', organisation_type: 'financial_institution', category: 'big_four_banks' },
  { name: 'ANZ', abbreviation: 'ANZ', organisation_type: 'financial_institution', category: 'big_four_banks' },
  { name: 'ING', abbreviation: 'ING', organisation_type: 'financial_institution', category: 'online_banks' },
  { name: 'Ubank', abbreviation: 'UBK', organisation_type: 'financial_institution', category: 'online_banks' },
  { name: 'Macquarie Bank', abbreviation: 'MQG', organisation_type: 'financial_institution', category: 'other_banks' },
  { name: 'Bendigo Bank', abbreviation: 'BEN', organisation_type: 'financial_institution', category: 'other_banks' },
  { name: 'Great Southern Bank', abbreviation: 'GSB', organisation_type: 'financial_institution', category: 'credit_unions_and_other_institutions' },
  { name: 'Teachers Mutual Bank', abbreviation: 'TMB', organisation_type: 'financial_institution', category: 'credit_unions_and_other_institutions' },
  { name: 'Aussie Home Loans', abbreviation: 'AUS', organisation_type: 'broker', category: null },
  { name: 'Mortgage Choice', abbreviation: 'MC', organisation_type: 'broker', category: null },
  { name: 'Loan Market', abbreviation: 'LM', organisation_type: 'broker', category: null },
];
const organisationId = (name: string) => derivedUuid('demo-organisation', name);

const questions = [
  { description: 'How many years have you been writing home loans?', active: true },
  { description: 'Which suburbs or regions do you serve?', active: true },
  { description: 'How quickly can you issue a conditional approval?', active: true },
  { description: 'Do you offer construction loans?', active: false },
];

type ProviderSeed = {
  email: string;
  first_name: string;
  last_name: string;
  organisation: string;
  provider_type: ProviderType;
  status: Extract<UserStatus, 'pending' | 'approved' | 'active' | 'rejected' | 'suspended'>;
  /** Whether the organisation the provider named is in the database (a pending provider may name an unknown one). */
  knownOrganisation?: false;
  permissions?: PermissionChanges;
};

/** The demo accounts, listed in the README; every one logs in with DEMO_PASSWORD. */
export const demoProviders: ProviderSeed[] = [
  { email: 'manager@cba.demo.example', first_name: 'Mei', last_name: 'Chen', organisation: 'Commonwealth Bank', provider_type: 'financial_institution', status: 'active', permissions: { manage_permissions_for_fsps_within_org: true, view_all_within_organisation: true } },
  { email: 'lender@cba.demo.example', first_name: 'Liam', last_name: "O'Brien", organisation: 'Commonwealth Bank', provider_type: 'financial_institution', status: 'active' },
  { email: 'broker@aussie.demo.example', first_name: 'Grace', last_name: 'Nguyen', organisation: 'Aussie Home Loans', provider_type: 'broker', status: 'active' },
  { email: 'lender@anz.demo.example', first_name: 'Isla', last_name: 'Robinson', organisation: 'ANZ', provider_type: 'financial_institution', status: 'active' },
  { email: 'lender@macquarie.demo.example', first_name: 'Oscar', last_name: 'Clarke', organisation: 'Macquarie Bank', provider_type: 'financial_institution', status: 'active' },
  { email: 'broker@loanmarket.demo.example', first_name: 'Ella', last_name: 'King', organisation: 'Loan Market', provider_type: 'broker', status: 'active' },
  { email: 'approved@westpac.demo.example', first_name: 'Noah', last_name: 'Williams', organisation: 'Westpac', provider_type: 'financial_institution', status: 'approved' },
  { email: 'pending@nab.demo.example', first_name: 'Olivia', last_name: 'Smith', organisation: 'National Australia Bank', provider_type: 'financial_institution', status: 'pending' },
  { email: 'pending@harbour.demo.example', first_name: 'Jack', last_name: 'Taylor', organisation: 'Harbour Lending', provider_type: 'broker', status: 'pending', knownOrganisation: false },
  { email: 'rejected@ing.demo.example', first_name: 'Ava', last_name: 'Brown', organisation: 'ING', provider_type: 'financial_institution', status: 'rejected' },
  { email: 'suspended@choice.demo.example', first_name: 'Lucas', last_name: 'Martin', organisation: 'Mortgage Choice', provider_type: 'broker', status: 'suspended' },
];
export const demoAdmin = { email: 'admin@demo.example', first_name: 'Alex', last_name: 'Admin' };
export const demoCustomers = [
  { email: 'customer@demo.example', first_name: 'Chloe', last_name: 'Jones', status: 'active' as const },
  { email: 'new.customer@demo.example', first_name: 'Ethan', last_name: 'Lee', status: 'creating' as const },
  ...storyCustomers.map((customer) => ({ ...customer, status: 'active' as const })),
];

type SeedDependencies = { config: Config; db: Database; store: EventStore; secrets: AppSecrets };

/** The accounts and the directory are this long older than the marketplace's first post. */
const ACCOUNTS_DAYS_BEFORE = 60;

/**
 * Fills an empty event store with the demo data, dated relative to `today`; answers whether it did (a store with
 * events is left alone, so a second start adds nothing).
 */
export async function seedDemoData(deps: SeedDependencies, today: Date): Promise<boolean> {
  const { store } = deps;
  if (comparePositions(await store.headPosition(), START) !== 0) return false;
  const now = new Date(today.getTime() - ACCOUNTS_DAYS_BEFORE * 86_400_000);
  const context: CommandContext = { userId: null, correlationId: 'demo-data', causationId: null, now };
  const people = new Map<string, DemoPerson>();

  for (const seed of organisations) {
    await handleCommand({
      store,
      ids: randomIds,
      streamId: organisationStream(organisationId(seed.name)),
      decider: organisationDecider,
      command: { type: 'CreateOrganisation', data: { organisation_id: organisationId(seed.name), product_id: homeLoanProduct.uuid, ...seed, status: 'active', logo_file_id: null } },
      context,
    });
  }

  const questionCommand = (command: QuestionCommand) =>
    handleCommand({ store, ids: randomIds, streamId: questionListStream(homeLoanProduct.uuid), decider: questionDecider, command, context });
  for (const question of questions) {
    const question_id = derivedUuid('demo-question', question.description);
    await questionCommand({ type: 'CreateQuestion', data: { product_id: homeLoanProduct.uuid, question_id, description: question.description } });
    if (!question.active) await questionCommand({ type: 'ChangeQuestion', data: { product_id: homeLoanProduct.uuid, question_id, changes: { status: 'inactive' } } });
  }

  const accountDeps = { ...deps, ids: randomIds };
  const personal = (p: { email: string; first_name: string; last_name: string }, mobile: string) => ({ ...p, country_code: '61', mobile_number: mobile });
  const admin = await registerUser(accountDeps, { user_type: 'admin', personal: personal(demoAdmin, '0400000001'), password: DEMO_PASSWORD, created_by: null }, context);
  if (!admin.ok) throw new Error(`Demo admin: ${admin.error.message}`);
  people.set(demoAdmin.email, { id: admin.userId, userType: 'admin' });
  const adminId = admin.userId;
  const asAdmin = { ...context, userId: adminId };

  // The accounts are made side by side: each hashes the password (argon2, on libuv's threads), the longest part of
  // making an account; their streams are all different.
  const mobile = (group: 1 | 2, index: number) => `0400000${group}${String(index).padStart(2, '0')}`;
  await Promise.all(
    demoCustomers.map(async (customer, index) => {
      const created = await registerUser(accountDeps, { user_type: 'customer', personal: personal(customer, mobile(1, index)), password: DEMO_PASSWORD, status: customer.status }, context);
      if (!created.ok) throw new Error(`Demo customer: ${created.error.message}`);
      people.set(customer.email, { id: created.userId, userType: 'customer' });
    }),
  );

  await Promise.all(demoProviders.map((seed, index) => addProvider(seed, index)));
  async function addProvider(seed: ProviderSeed, index: number): Promise<void> {
    const known = seed.knownOrganisation !== false;
    const created = await registerUser(
      accountDeps,
      {
        user_type: 'fsp',
        personal: personal(seed, mobile(2, index)),
        password: DEMO_PASSWORD,
        provider: {
          organisation_uuid: known ? organisationId(seed.organisation) : null,
          organisation_name: seed.organisation,
          provider_type: seed.provider_type,
          membership_type: 'MFAA',
          membership_value: `MFAA${1000 + index}`,
          acl_number: `${390000 + index}`,
          lender_since: 2005 + index,
        },
      },
      context,
    );
    if (!created.ok) throw new Error(`Demo provider: ${created.error.message}`);
    const run = (command: UserCommand, by: CommandContext = asAdmin) =>
      handleCommand({ store, ids: randomIds, streamId: userStream(created.userId), decider: userDecider, command, context: by });
    const user_id = created.userId;
    await run({ type: 'VerifyEmail', data: { user_id } }, { ...context, userId: user_id });
    if (seed.status === 'pending') return;
    if (seed.status === 'rejected') {
      await run({ type: 'ReviewProvider', data: { user_id, decision: 'reject', message: 'We could not confirm the ACL number. Please contact us.' } });
      return;
    }
    await run({ type: 'ReviewProvider', data: { user_id, decision: 'approve', organisation_uuid: organisationId(seed.organisation), organisation_name: seed.organisation } });
    if (seed.status === 'approved') return;
    await run({ type: 'CompleteProviderProfile', data: { user_id, avatar_file_id: null } }, { ...context, userId: user_id });
    if (seed.permissions) await run({ type: 'ChangePermissions', data: { user_id, permissions: seed.permissions, changed_by: adminId } });
    if (seed.status === 'suspended') await run({ type: 'ChangeUserStatus', data: { user_id, status: 'suspended' } });
    else people.set(seed.email, { id: user_id, userType: 'fsp', organisationUuid: organisationId(seed.organisation) });
  }
  await seedMarketplace(deps, { admin: { id: admin.userId, userType: 'admin' }, people }, today);
  return true;
}
