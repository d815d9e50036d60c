import type { BidAccepted } from '../../domain/bid/events';
import type { DealActivityAdded } from '../../domain/deal/events';
import type { BiddingEnded, BidAcceptedOnPost, BidRegistered, ReviewPeriodExtended } from '../../domain/post/lifecycle';
import type { Database } from '../../infrastructure/database/database';
import { CONNECT_ME_LINK_DAYS, type EmailLinkAction, issueEmailLinkToken } from '../../infrastructure/email-link-tokens';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { derivedUuid } from '../../infrastructure/ids';
import type { AppSecrets } from '../../infrastructure/secrets';
import { dealIdOf } from '../deals/deal-opener';
import { type MessageFromEvent, outboxProjection } from '../outbox/outbox-projection';
import { findPost } from '../posts/queries';
import { providersNotChosen } from '../bids/queries';
import { type Recipient, recipientsOf } from '../users/queries';
import { sydneyDate } from '../../domain/shared/sydney-time';

// The e-mails of the trade flow (issue 6 item 5, docs/trade-mail.md): new bid, bidding ended (the review period's
// notice, with the signed links to extend it and to cancel automatic selection), review period extended, bid
// accepted (provider; customer with the connect-me link), another bid chosen (the providers the customer did not
// choose) and the deal's steps. One consumer of the outbox
// (docs/mail.md "From a projection"): each event's mail is written once, in the batch's transaction. Addresses and
// first names come from the users read model (an erased person's read as null: no mail); nothing here is logged.

export type TradeMailContext = {
  /** The base of the links, e.g. https://loans.example.com (config PUBLIC_URL). */
  publicUrl: string;
  secrets: Pick<AppSecrets, 'accessTokenKey'>;
};

const product = 'Home Loan Auction';
const signOff = `\nThe ${product} team\n`;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** `causationId` and `key`: a mail that stands for several events (docs/trade-mail.md "New bids, at most hourly"). */
type Mail = { template: string; subject: string; text: string; causationId?: string; key?: string };

const greeting = (firstName: string | null) => `Hi ${firstName ?? 'there'},\n\n`;

/** en-AU date of an instant, as the customer's calendar shows it (DD/MM/YYYY, Sydney time). */
export const mailDate = (iso: string) => sydneyDate(iso);

/** The route of each link (spec 1 §2): the web page reads `token` and uses it without a log-in. */
function linkPath(action: EmailLinkAction, postId: string, bidId: string | null): string {
  const post = encodeURIComponent(postId);
  switch (action) {
    case 'extend_review_period':
      return `/extend-review-period/${post}/extend_review_period`;
    case 'cancel_automatic_selection':
      return `/cancel-automatic-selection/${post}/cancel_automatic_selection`;
    case 'connect_me':
      return `/connect-me/${post}/${encodeURIComponent(bidId ?? '')}`;
  }
}

/** The events that send a mail (`recipientOf` names someone for no other). */
const mailed = new Set(['BidRegistered', 'BiddingEnded', 'ReviewPeriodExtended', 'BidAcceptedOnPost', 'BidAccepted', 'DealActivityAdded']);

/** Whom an event mails, if anyone: the owner of the post, the bid's provider, or the deal's customer. */
function recipientOf(event: RecordedEvent): string | null {
  switch (event.type) {
    case 'BidRegistered':
    case 'BiddingEnded':
    case 'ReviewPeriodExtended':
    case 'BidAcceptedOnPost':
      return (event.data as BidRegistered['data'] | BiddingEnded['data'] | ReviewPeriodExtended['data'] | BidAcceptedOnPost['data']).owner_id;
    case 'BidAccepted':
      return (event.data as BidAccepted['data']).provider_id;
    case 'DealActivityAdded': {
      const { customer_id, activity } = event.data as DealActivityAdded['data'];
      // Notes and holds are the provider's working notes.
      return Object.hasOwn(dealNews, activity.activity_type) ? customer_id : null;
    }
    default:
      return null;
  }
}

export function tradeMailMessages(context: TradeMailContext) {
  const { publicUrl, secrets } = context;

  /** A signed link for `userId` to run `action` once on the post (bid), derived from the event: a replay signs the same. */
  async function link(event: RecordedEvent, action: EmailLinkAction, userId: string, postId: string, bidId: string | null, expiresAt: Date): Promise<string> {
    const tokenId = derivedUuid('email-link', event.id, action, bidId ?? '');
    const token = await issueEmailLinkToken(secrets.accessTokenKey, { tokenId, action, postId, bidId, userId, expiresAt }, new Date(event.metadata.occurred_at));
    return `${publicUrl}${linkPath(action, postId, bidId)}?token=${encodeURIComponent(token)}`;
  }

  const postLink = (postId: string) => `${publicUrl}/post/${encodeURIComponent(postId)}`;

  /** The review period's notice: its end, and the links to extend it and (automatic selection on) to cancel that. */
  async function reviewLinks(trx: Database, event: RecordedEvent, ownerId: string, postId: string, reviewEnd: string): Promise<string> {
    const expiresAt = new Date(reviewEnd);
    const extend = await link(event, 'extend_review_period', ownerId, postId, null, expiresAt);
    const post = await findPost(trx, postId);
    // Automatic selection as the posts read model has it (a cancellation in the same instant may not show yet: the
    // link then answers the spec's 'You have already been cancelled automatic selection.').
    const cancel = post?.auto_accept ? await link(event, 'cancel_automatic_selection', ownerId, postId, null, expiresAt) : null;
    return (
      `Need more time to decide? Extend the review period:\n${extend}\n\n` +
      (cancel
        ? `When the review period ends, the leading bid is accepted for you automatically. To choose yourself, cancel automatic selection:\n${cancel}\n\n`
        : '') +
      `Each link works once, until the review period ends.\n`
    );
  }

  /** The mail an event sends its recipient (`recipientOf`), greeted by first name. */
  async function mailOf(event: RecordedEvent, trx: Database, firstName: string | null): Promise<Mail | null> {
    switch (event.type) {
      case 'BidRegistered': {
        // One mail per post and clock hour (UTC), for the hour's first bid: a post draws dozens of bids, and the
        // customer compares them on the post. The outbox keeps one message per id, so the hour's later bids add none.
        const { post_id } = event.data as BidRegistered['data'];
        return {
          template: 'new-bid',
          causationId: post_id,
          key: `hour-${Math.floor(Date.parse(event.metadata.occurred_at) / HOUR_MS)}`,
          subject: 'You have a new bid on your home loan request',
          text:
            `${greeting(firstName)}A lender has placed a bid on your home loan request.\n\nCompare the bids:\n${postLink(post_id)}\n\n` +
            `While lenders are bidding we write at most once an hour; your request always shows every bid.\n${signOff}`,
        };
      }
      case 'BiddingEnded': {
        const { post_id, owner_id, review_bids_on } = event.data as BiddingEnded['data'];
        return {
          template: 'bidding-ended',
          subject: 'Bidding has ended: choose your bid',
          text:
            `${greeting(firstName)}Bidding on your home loan request has ended. You have until ${mailDate(review_bids_on)} to choose a bid:\n${postLink(post_id)}\n\n` +
            `${await reviewLinks(trx, event, owner_id, post_id, review_bids_on)}${signOff}`,
        };
      }
      case 'ReviewPeriodExtended': {
        const { post_id, owner_id, review_bids_on } = event.data as ReviewPeriodExtended['data'];
        return {
          template: 'review-period-extended',
          subject: 'Your review period has been extended',
          text:
            `${greeting(firstName)}The review period of your home loan request now ends on ${mailDate(review_bids_on)}.\n${postLink(post_id)}\n\n` +
            `${await reviewLinks(trx, event, owner_id, post_id, review_bids_on)}${signOff}`,
        };
      }
      case 'BidAcceptedOnPost': {
        const { post_id, owner_id, bid_id, accepted_by, at } = event.data as BidAcceptedOnPost['data'];
        const connect = await link(event, 'connect_me', owner_id, post_id, bid_id, new Date(Date.parse(at) + CONNECT_ME_LINK_DAYS * DAY_MS));
        const how = accepted_by === null ? 'Automatic selection has accepted the leading bid on your home loan request.' : 'You have accepted a bid on your home loan request.';
        return {
          template: 'bid-accepted-customer',
          subject: 'Your bid is accepted: the lender will contact you',
          text:
            `${greeting(firstName)}${how} The lender will contact you at the times you chose.\n\n` +
            `Confirm that the lender may contact you:\n${connect}\n\n` +
            `The link works once, for ${CONNECT_ME_LINK_DAYS} days.\n${signOff}`,
        };
      }
      case 'BidAccepted': {
        const { bid_id } = event.data as BidAccepted['data'];
        return {
          template: 'bid-accepted-provider',
          subject: 'Your bid has been accepted',
          text:
            `${greeting(firstName)}Good news: a customer has accepted your bid. Please contact the customer at the times they chose.\n\n` +
            `Open the deal:\n${publicUrl}/deals/${encodeURIComponent(dealIdOf(bid_id))}\n${signOff}`,
        };
      }
      case 'DealActivityAdded': {
        const news = dealNews[(event.data as DealActivityAdded['data']).activity.activity_type as keyof typeof dealNews];
        return {
          template: 'deal-update',
          subject: news.subject,
          text: `${greeting(firstName)}${news.text}\n\nYour dashboard:\n${publicUrl}/home\n${signOff}`,
        };
      }
      default:
        return null;
    }
  }

  /**
   * The acceptance also tells every provider whose bid the customer did not choose (the bids read model's
   * `not_chosen`, set by this very event): one mail each, keyed by the provider, so a provider with two bids on the
   * post gets one and a replay none (the acceptance happens once per post; docs/trade-mail.md).
   */
  async function notChosenMails(event: RecordedEvent, trx: Database): Promise<MessageFromEvent[]> {
    const { post_id } = event.data as BidAcceptedOnPost['data'];
    const providers = await providersNotChosen(trx, post_id);
    const addresses = await recipientsOf(trx, providers);
    return providers.flatMap((providerId) => {
      const to = addresses.get(providerId);
      if (!to) return [];
      return [
        {
          channel: 'email' as const,
          to: to.email,
          dataSubject: providerId,
          template: 'bid-not-chosen',
          key: providerId,
          subject: 'The customer chose another bid',
          text:
            `${greeting(to.firstName)}The customer has accepted another bid on a home loan request you bid on, so your bid was not chosen. ` +
            `Bidding on this request is closed.\n\nYour bids:\n${publicUrl}/bids\n\nThank you for bidding; new requests are on your dashboard.\n${signOff}`,
        },
      ];
    });
  }

  return {
    eventTypes: mailed,
    recipientOf,
    async messagesFor(event: RecordedEvent, trx: Database, recipients: ReadonlyMap<string, Recipient>): Promise<MessageFromEvent[]> {
      const userId = recipientOf(event);
      const to = userId === null ? undefined : recipients.get(userId);
      // Nobody, or a deleted or erased person: nobody to write to.
      const mail = to ? await mailOf(event, trx, to.firstName) : null;
      const messages: MessageFromEvent[] = mail && to && userId ? [{ channel: 'email', to: to.email, dataSubject: userId, ...mail }] : [];
      if (event.type === 'BidAcceptedOnPost') messages.push(...(await notChosenMails(event, trx)));
      return messages;
    },
  };
}

/** spec 1 §1: declared (accepted), contacted, applied, then settled (closed_won) or not proceeding (closed_lost). */
const dealNews = {
  contact: { subject: 'Your lender has contacted you', text: 'Your lender has recorded that they contacted you about your home loan.' },
  application: { subject: 'Your home loan application is under way', text: 'Your lender has recorded your home loan application.' },
  closed_won: { subject: 'Your home loan has settled', text: 'Congratulations: your lender has recorded your home loan as settled.' },
  closed_lost: { subject: 'Your home loan is not proceeding', text: 'Your lender has recorded that your home loan is not proceeding.' },
} as const;

/** The trade e-mails as an outbox consumer (docs/trade-mail.md). */
export function tradeMailProjection(context: TradeMailContext) {
  return outboxProjection({ name: 'trade-mail', readsFrom: ['users', 'posts', 'bids'], ...tradeMailMessages(context) });
}
