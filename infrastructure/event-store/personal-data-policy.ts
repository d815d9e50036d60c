import type { BidEvent } from '../../domain/bid/events';
import type { ConversationEvent } from '../../domain/conversation/events';
import type { DealEvent } from '../../domain/deal/events';
import type { OrganisationEvent } from '../../domain/organisation/events';
import type { PostEvent } from '../../domain/post/events';
import type { PostNoteEvent } from '../../domain/post-note/events';
import type { ReviewEvent } from '../../domain/review/events';
import { type SubscriberEvent, subscriberSubject } from '../../domain/subscriber/events';
import { type UserEvent, userSubject } from '../../domain/user/events';
import type { PersonalDataPolicy } from './personal-data';

// Which fields of which events are personal data (DESIGN.md §2), encrypted with the key of the person they belong
// to. Rules may be added, never removed (older events would keep their envelopes). Organisations hold none.
type MarketplaceEvent = OrganisationEvent | UserEvent | PostEvent | DealEvent | BidEvent | ReviewEvent | PostNoteEvent | ConversationEvent | SubscriberEvent;

export const personalDataPolicy: PersonalDataPolicy<MarketplaceEvent> = {
  ProviderSignedUp: { subject: (d) => userSubject(d.user_id), fields: ['personal', 'password_hash'] },
  AdminCreated: { subject: (d) => userSubject(d.user_id), fields: ['personal', 'password_hash'] },
  CustomerCreated: { subject: (d) => userSubject(d.user_id), fields: ['personal', 'password_hash'] },
  CustomerRegistered: { subject: (d) => userSubject(d.user_id), fields: ['personal', 'password_hash'] },
  PasswordChanged: { subject: (d) => userSubject(d.user_id), fields: ['password_hash'] },
  UserDetailsUpdated: { subject: (d) => userSubject(d.user_id), fields: ['changes'] },
  MobileNumberVerified: { subject: (d) => userSubject(d.user_id), fields: ['country_code', 'mobile_number'] },
  // A post's personal data belongs to its owner (docs/events.md "Post"): the addresses and savings, everything about
  // the applicants, their incomes and expenses, and the owner's free texts. The loan's terms stay readable.
  HomeLoanSet: { subject: (d) => userSubject(d.owner_id), fields: ['home_loan.user_address', 'home_loan.property_address', 'home_loan.cash_savings'] },
  HomeLoanChanged: { subject: (d) => userSubject(d.owner_id), fields: ['changes.user_address', 'changes.property_address', 'changes.cash_savings'] },
  ApplicantAdded: { subject: (d) => userSubject(d.owner_id), fields: ['applicant'] },
  ApplicantChanged: { subject: (d) => userSubject(d.owner_id), fields: ['changes'] },
  IncomeAdded: { subject: (d) => userSubject(d.owner_id), fields: ['income'] },
  IncomeChanged: { subject: (d) => userSubject(d.owner_id), fields: ['income'] },
  ExpenseAdded: { subject: (d) => userSubject(d.owner_id), fields: ['expense'] },
  ExpenseChanged: { subject: (d) => userSubject(d.owner_id), fields: ['expense'] },
  PostCancelled: { subject: (d) => userSubject(d.owner_id), fields: ['reason'] },
  PostUpdateRequested: { subject: (d) => userSubject(d.owner_id), fields: ['message'] },
  // A deal's activity texts are the provider's record of the deal (docs/personal-data.md "A provider's deal
  // records"): the deal provider's key, so the customer's erasure leaves them. Those written before 27/11/2026 were
  // sealed with the customer's key and stay so (each envelope names its key).
  DealActivityAdded: { subject: (d) => userSubject(d.provider_id), fields: ['activity.description'] },
  DealActivityEdited: { subject: (d) => userSubject(d.provider_id), fields: ['description'] },
  // A post note's text may speak of the customer (docs/post-notes.md): the post's customer's key.
  PostNoteAdded: { subject: (d) => userSubject(d.customer_id), fields: ['note'] },
  PostNoteEdited: { subject: (d) => userSubject(d.customer_id), fields: ['note'] },
  // A bid's cancellation reason is the provider's free text (docs/events.md "Bid"): the provider's key.
  BidCancelled: { subject: (d) => userSubject(d.provider_id), fields: ['reason'] },
  // An auto-bid's rule trace quotes the post's facts (its place, credit band): the post's customer's key, so it goes
  // with the customer (docs/personal-data.md; domain/bid/auto-bid.ts). A person's bid has no trace: nothing sealed.
  BidPlaced: { subject: (d) => userSubject(d.auto_bid?.post_owner_id ?? d.provider_id), fields: ['auto_bid.trace'] },
  // A chat message's text is its sender's (docs/messages.md): the sender's key.
  MessageSent: { subject: (d) => userSubject(d.sender_id), fields: ['text'] },
  // A review's comment is the customer's free text (docs/reviews.md): the customer's key, also when an admin wrote it.
  ReviewSubmitted: { subject: (d) => userSubject(d.customer_id), fields: ['description'] },
  ReviewEdited: { subject: (d) => userSubject(d.customer_id), fields: ['description'] },
  // A mailing-list subscriber's address, with the subscriber's own key (docs/site-chrome.md "Mailing list").
  MailingListSubscribed: { subject: (d) => subscriberSubject(d.subscriber_id), fields: ['email'] },
};
