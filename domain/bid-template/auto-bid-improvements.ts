import { accept, type Decider, type Decision } from '../shared/decider';
import { type AutoBidImprovement, type BidRates, nextImprovement } from './improvement';

// The improvements of one auto-bid (`auto_bid_improvements-<bid uuid>`, docs/auto-bidding.md "Floor and step"): each
// step down its template took because another organisation's bid beat it, and the edits the bid's workflow refused.
// One stream per auto-bid, so the count per post comes from events (a template bids once per post), a replayed cause
// records nothing, and the template's own revision (a provider's save) is never disturbed by its auto-bids.

export const autoBidImprovementsStream = (bidId: string) => `auto_bid_improvements-${bidId}`;

/** The auto-bid improves: recorded before the edit, which names it as its cause (`causation_id`). */
export type AutoBidImproved = {
  type: 'AutoBidImproved';
  data: {
    bid_id: string;
    post_id: string;
    template_id: string;
    /** 1, 2, …: this auto-bid's improvements in order (a refused one keeps its number). */
    number: number;
    from: BidRates;
    to: BidRates;
    /** The template's setting when it improved. */
    setting: AutoBidImprovement;
    /** The other organisation's bid that beat it, at the comparison rate it had then, and the event that said so. */
    beaten_by_bid_id: string;
    beaten_by_comparison_rate: number;
    cause_event_id: string;
    improved_at: string;
  };
};
/** The bid's edit workflow refused the improvement's edit (the post closed, the provider suspended): it does not count. */
export type AutoBidImprovementRefused = { type: 'AutoBidImprovementRefused'; data: { bid_id: string; number: number; code: string; message: string; refused_at: string } };

export type AutoBidImprovementEvent = AutoBidImproved | AutoBidImprovementRefused;
export const autoBidImprovementEventTypes = ['AutoBidImproved', 'AutoBidImprovementRefused'] as const satisfies readonly AutoBidImprovementEvent['type'][];

export type ImproveAutoBid = {
  type: 'ImproveAutoBid';
  data: Omit<AutoBidImproved['data'], 'number' | 'from' | 'to' | 'improved_at'> & { current: BidRates; now: string };
};
export type RefuseAutoBidImprovement = { type: 'RefuseAutoBidImprovement'; data: { bid_id: string; number: number; code: string; message: string; now: string } };
export type AutoBidImprovementCommand = ImproveAutoBid | RefuseAutoBidImprovement;

/** `improved`: the improvements that count (refused ones left out); `last`: the latest, with whether it was refused. */
export type AutoBidImprovementsState = { numbered: number; improved: number; causes: readonly string[]; last: (AutoBidImproved['data'] & { refused: boolean }) | null };

const initialState = (): AutoBidImprovementsState => ({ numbered: 0, improved: 0, causes: [], last: null });

function decide(command: AutoBidImprovementCommand, state: AutoBidImprovementsState): Decision<AutoBidImprovementEvent> {
  if (command.type === 'RefuseAutoBidImprovement') {
    const { bid_id, number, code, message, now } = command.data;
    if (state.last?.number !== number || state.last.refused) return accept();
    return accept({ type: 'AutoBidImprovementRefused', data: { bid_id, number, code, message, refused_at: now } });
  }
  const { current, now, ...data } = command.data;
  // One step per beating event: a replay, or the same event met again, improves nothing more.
  if (state.causes.includes(data.cause_event_id)) return accept();
  const step = nextImprovement(current, data.setting, state.improved);
  if (!step.improves) return accept();
  return accept({ type: 'AutoBidImproved', data: { ...data, number: state.numbered + 1, from: current, to: step.to, improved_at: now } });
}

function evolve(state: AutoBidImprovementsState, event: AutoBidImprovementEvent): AutoBidImprovementsState {
  if (event.type === 'AutoBidImproved') {
    return { numbered: event.data.number, improved: state.improved + 1, causes: [...state.causes, event.data.cause_event_id], last: { ...event.data, refused: false } };
  }
  if (state.last?.number !== event.data.number) return state;
  return { ...state, improved: state.improved - 1, last: { ...state.last, refused: true } };
}

export const autoBidImprovementsDecider: Decider<AutoBidImprovementsState, AutoBidImprovementCommand, AutoBidImprovementEvent> = { initialState, decide, evolve };
