import type { NewEvent } from '../../infrastructure/event-store/event-store';

// Deterministic bench events: the same seed gives the same ids and payloads, so ours, the ceiling and the peer
// write byte-for-byte the same events. Small payloads with a few fields, like the marketplace's bids.

export const benchEventTypes = ['BidPlaced', 'BidRevised', 'BidWithdrawn'] as const;
export type BenchEventType = (typeof benchEventTypes)[number];

export type BidData = {
  loan_request_id: string;
  lender_id: string;
  amount_cents: number;
  rate_bps: number;
  term_months: number;
};

export type BenchEvent = NewEvent<BenchEventType, BidData>;

/** sfc32: fast, seedable 32-bit generator, good enough to spread ids and amounts. */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    this.#a = 0x9e3779b9;
    this.#b = 0x243f6a88;
    this.#c = 0xb7e15162;
    this.#d = seed >>> 0;
    for (let i = 0; i < 16; i++) this.next32();
  }

  next32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return this.next32() % n;
  }

  /** A random-looking version 4 uuid (event ids land all over the unique index, as real ones do). */
  uuid(): string {
    const w = [this.next32(), this.next32(), this.next32(), this.next32()].map((x) => x.toString(16).padStart(8, '0'));
    const h = w.join('');
    const variant = '89ab'[parseInt(h[16]!, 16) & 3]!;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** Makes events for one writer (or one seeding slice); ids are unique per seed. */
export class EventFactory {
  readonly #random: Random;
  readonly #loanRequests: readonly string[];
  readonly #lenders: readonly string[];
  readonly #correlation: string;
  #n = 0;

  constructor(seed: number, loanRequests: number) {
    this.#random = new Random(seed);
    this.#loanRequests = idPool(1, loanRequests);
    this.#lenders = idPool(2, 200);
    this.#correlation = this.#random.uuid();
  }

  next(): BenchEvent {
    const r = this.#random;
    const type = benchEventTypes[r.below(10) < 7 ? 0 : r.below(2) + 1]!;
    this.#n++;
    return {
      id: r.uuid(),
      type,
      data: {
        loan_request_id: this.#loanRequests[r.below(this.#loanRequests.length)]!,
        lender_id: this.#lenders[r.below(this.#lenders.length)]!,
        amount_cents: 10_000_000 + r.below(90_000_000),
        rate_bps: 450 + r.below(300),
        term_months: [120, 240, 300, 360][r.below(4)]!,
      },
      metadata: {
        user_id: this.#lenders[r.below(this.#lenders.length)]!,
        correlation_id: this.#correlation,
        causation_id: null,
        occurred_at: new Date(Date.UTC(2026, 10, 1) + this.#n * 1000).toISOString(),
      },
    };
  }

  batch(size: number): BenchEvent[] {
    return Array.from({ length: size }, () => this.next());
  }
}

const pools = new Map<string, readonly string[]>();

/** Ids shared by every factory (fixed seeds): all writers bid on the same loan requests. */
function idPool(seed: number, size: number): readonly string[] {
  const key = `${seed}:${size}`;
  let pool = pools.get(key);
  if (!pool) {
    const random = new Random(seed);
    pool = Array.from({ length: size }, () => random.uuid());
    pools.set(key, pool);
  }
  return pool;
}
