import type { AutoBiddingStopped, AutoBiddingStopReason } from '../../domain/bid-template/auto-bidding';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { outboxProjection } from '../outbox/outbox-projection';

// The notice that a template stopped bidding on its own (issue 29 item 2, docs/auto-bidding.md "Stops"): one e-mail
// to the template's owner per `AutoBiddingStopped`. The decider records that event once per stop (only an active
// template stops), and the outbox keeps one message per event, so a replay or a second refused post mails nothing more.

export type AutoBiddingMailContext = { /** The base of the links (config PUBLIC_URL). */ publicUrl: string };

const product = 'Home Loan Auction';

/** Why it stopped and what turns it on again, in the provider's words. */
const explanations: Record<AutoBiddingStopReason, string> = {
  provider_suspended: 'your account is suspended, so no bid can be placed for you. Once your account is active again, you can turn auto-bidding back on.',
  bidding_limit_reached:
    'one of your bidding limits (accepted or contacted deals) is reached, so no new bid can be placed for you. Once your deals move on, you can turn auto-bidding back on.',
};

export function autoBiddingMailProjection(context: AutoBiddingMailContext) {
  return outboxProjection({
    name: 'auto-bidding-mail',
    eventTypes: new Set(['AutoBiddingStopped']),
    readsFrom: ['users'],
    recipientOf: (event) => (event.type === 'AutoBiddingStopped' ? (event.data as AutoBiddingStopped['data']).owner_id : null),
    messagesFor(event: RecordedEvent, _trx, recipients) {
      if (event.type !== 'AutoBiddingStopped') return [];
      const { owner_id, template_name, reason } = event.data as AutoBiddingStopped['data'];
      const to = recipients.get(owner_id);
      if (!to) return [];
      return [
        {
          channel: 'email',
          template: 'auto-bidding-stopped',
          dataSubject: owner_id,
          to: to.email,
          subject: `Auto-bidding stopped for your bid template "${template_name}"`,
          text:
            `Hi ${to.firstName ?? 'there'},\n\n` +
            `Your bid template "${template_name}" has stopped bidding automatically: ${explanations[reason]}\n\n` +
            `Your bid templates: ${context.publicUrl}/bid-templates\n\n` +
            `The ${product} team\n`,
        },
      ];
    },
  });
}
