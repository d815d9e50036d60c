// Read-your-writes (docs/api.md): a command answers with X-Position; sending it back as X-Min-Position makes a read
// wait until the projections have caught up, so a list fetched right after a change already shows it.
// Positions cross HTTP as `commit.prepare` (infrastructure/event-store/event-store.ts formatPosition).

type Position = { text: string; commit: bigint; prepare: bigint };

let minPosition: Position | undefined;

function parse(text: string): Position | undefined {
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  return { text, commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

function isAfter(a: Position, b: Position): boolean {
  return a.commit !== b.commit ? a.commit > b.commit : a.prepare > b.prepare;
}

export function rememberPosition(header: string | null): void {
  const position = header === null ? undefined : parse(header.trim());
  // Keep the highest, so an older answer arriving late cannot lower it.
  if (position && (minPosition === undefined || isAfter(position, minPosition))) minPosition = position;
}

export function minPositionHeader(): Record<string, string> {
  return minPosition === undefined ? {} : { 'X-Min-Position': minPosition.text };
}

/** For tests. */
export function forgetPosition(): void {
  minPosition = undefined;
}
