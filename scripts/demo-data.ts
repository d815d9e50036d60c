import { organisationDecider } from '../domain/organisation/decider';
import { type OrganisationDetails, organisationStream } from '../domain/organisation/events';
import { homeLoanProduct } from '../domain/product/products';
import { handleCommand } from '../infrastructure/command-handler';
import { comparePositions, type EventStore, START } from '../infrastructure/event-store/event-store';
import { derivedUuid, randomIds } from '../infrastructure/ids';

type Seed = Pick<OrganisationDetails, 'name' | 'abbreviation' | 'organisation_type' | 'category'>;

// Lenders and brokers a person trying the product would expect to see.
const organisations: Seed[] = [
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

/** Fills an empty event store with demo organisations; ids are derived, so a repeated run adds nothing. */
export async function seedDemoData(store: EventStore, now: Date): Promise<boolean> {
  if (comparePositions(await store.headPosition(), START) !== 0) return false;
  for (const seed of organisations) {
    const organisationId = derivedUuid('demo-organisation', seed.name);
    await handleCommand({
      store,
      ids: randomIds,
      streamId: organisationStream(organisationId),
      decider: organisationDecider,
      eventId: () => derivedUuid('demo-organisation-created', seed.name),
      command: { type: 'CreateOrganisation', data: { organisation_id: organisationId, product_id: homeLoanProduct.uuid, ...seed, status: 'active', logo_file_id: null } },
      context: { userId: null, correlationId: 'demo-data', causationId: null, now },
    });
  }
  return true;
}
