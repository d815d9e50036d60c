import type { OrganisationEvent } from '../../domain/organisation/events';
import type { PersonalDataPolicy } from './personal-data';

// Which fields of which events are personal data (DESIGN.md §2), encrypted with the key of the person they belong
// to. Organisations hold none; users, applicants, incomes and addresses join this list as their events arrive.
type MarketplaceEvent = OrganisationEvent;

export const personalDataPolicy: PersonalDataPolicy<MarketplaceEvent> = {};
