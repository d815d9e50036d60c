import type { OrganisationEvent } from '../../domain/organisation/events';
import { type UserEvent, userSubject } from '../../domain/user/events';
import type { PersonalDataPolicy } from './personal-data';

// Which fields of which events are personal data (DESIGN.md §2), encrypted with the key of the person they belong
// to. Rules may be added, never removed (older events would keep their envelopes). Organisations hold none.
type MarketplaceEvent = OrganisationEvent | UserEvent;

export const personalDataPolicy: PersonalDataPolicy<MarketplaceEvent> = {
  ProviderSignedUp: { subject: (d) => userSubject(d.user_id), fields: ['personal', 'password_hash'] },
  AdminCreated: { subject: (d) => userSubject(d.user_id), fields: ['personal', 'password_hash'] },
  CustomerCreated: { subject: (d) => userSubject(d.user_id), fields: ['personal', 'password_hash'] },
  CustomerRegistered: { subject: (d) => userSubject(d.user_id), fields: ['personal', 'password_hash'] },
  PasswordChanged: { subject: (d) => userSubject(d.user_id), fields: ['password_hash'] },
  UserDetailsUpdated: { subject: (d) => userSubject(d.user_id), fields: ['changes'] },
  MobileNumberVerified: { subject: (d) => userSubject(d.user_id), fields: ['country_code', 'mobile_number'] },
};
