// spec 3 §4 "Bidding limit warnings": for each limit the ratio is the total used divided by the limit; at 80 % or
// more the state is warning, at 100 % or more it is maxed (and the warning turns off).

export type LimitState = 'unlimited' | 'normal' | 'warning' | 'maxed';
export const WARNING_RATIO = 0.8;

export type LimitUsage = { used: number; limit: number | null; ratio: number | null; state: LimitState };

export function limitUsage(used: number, limit: number | null): LimitUsage {
  if (limit === null) return { used, limit, ratio: null, state: 'unlimited' };
  // A limit of 0 allows no bids at all: it is reached from the start.
  const ratio = limit === 0 ? 1 : used / limit;
  const state: LimitState = ratio >= 1 ? 'maxed' : ratio >= WARNING_RATIO ? 'warning' : 'normal';
  return { used, limit, ratio, state };
}
