import type { AutoBiddingSimulationCompleted } from '../../domain/auto-bidding-simulation/events';
import { placeOfWords } from '../../domain/auto-bidding-simulation/simulation';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { outboxProjection } from '../outbox/outbox-projection';

// The simulation's result by e-mail (spec 3 §2: "Simulation runs in the background and e-mails its results";
// docs/auto-bidding.md "Simulation"): one message to whoever asked, per `AutoBiddingSimulationCompleted`. The decider
// records that event once per simulation and the outbox keeps one message per event, so a replay mails nothing more.

export type SimulationMailContext = { /** The base of the links (config PUBLIC_URL). */ publicUrl: string };

const product = 'Home Loan Auction';
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function simulationMailText(data: AutoBiddingSimulationCompleted['data'], firstName: string | null, publicUrl: string): string {
  const { result, template_name, simulation_id } = data;
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    '',
    `The simulation of automatic bidding for your bid template "${template_name}" is done. No bid was placed and the template was not changed.`,
    '',
    `Posts published in the period: ${result.posts_considered}`,
    `Posts it would have bid on: ${result.posts_matched}`,
    `Posts where its bid would have led: ${result.posts_won}`,
  ];
  // The bids that would not have led, by place: what a rate change would win (the page lists every post).
  const behind = result.matched.filter((post) => post.place > 1);
  if (behind.length > 0) lines.push(`Its other bids would have ranked: ${behind.slice(0, 5).map(placeOfWords).join(', ')}${behind.length > 5 ? ', …' : ''}`);
  lines.push('', 'Why it did not bid on the other posts:');
  if (result.why_not.length === 0) lines.push('- none: it would have bid on every post.');
  for (const reason of result.why_not) lines.push(`- ${reason.rule}: ${count(reason.posts, 'post')}`);
  const limit = (name: string, { projected, limit: max }: { projected: number; limit: number | null }) => `${name}: ${projected}${max === null ? ' (no limit)' : ` of ${max}`}`;
  lines.push('', `Your bidding limits if every bid that led became a deal: ${limit('accepted', result.limits.accepted)}, ${limit('contacted', result.limits.contacted)}.`);
  lines.push('', `The whole result: ${publicUrl}/bid-templates/simulations/${simulation_id}`, '', `The ${product} team`, '');
  return lines.join('\n');
}

export function simulationMailProjection(context: SimulationMailContext) {
  return outboxProjection({
    name: 'auto-bidding-simulation-mail',
    eventTypes: new Set(['AutoBiddingSimulationCompleted']),
    readsFrom: ['users'],
    recipientOf: (event) => (event.type === 'AutoBiddingSimulationCompleted' ? (event.data as AutoBiddingSimulationCompleted['data']).requested_by : null),
    messagesFor(event: RecordedEvent, _trx, recipients) {
      if (event.type !== 'AutoBiddingSimulationCompleted') return [];
      const data = event.data as AutoBiddingSimulationCompleted['data'];
      const to = recipients.get(data.requested_by);
      if (!to) return [];
      return [
        {
          channel: 'email',
          template: 'auto-bidding-simulation',
          dataSubject: data.requested_by,
          to: to.email,
          subject: `Simulation of automatic bidding for "${data.template_name}": ${count(data.result.posts_matched, 'post')} matched`,
          text: simulationMailText(data, to.firstName ?? null, context.publicUrl),
        },
      ];
    },
  });
}
