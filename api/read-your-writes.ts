import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../infrastructure/database/database';
import { formatPosition, type Position, parsePosition } from '../infrastructure/event-store/event-store';
import { waitForProjections } from '../projections/projection-status';

// DESIGN.md §4: a command answers with X-Position; a read sending X-Min-Position waits (bounded) until the
// projections it reads have applied that position.

export const POSITION_HEADER = 'x-position';
export const MIN_POSITION_HEADER = 'x-min-position';
const MAX_WAIT_MS = 5000;

export function answerPosition(reply: FastifyReply, position: Position | null): void {
  if (position) reply.header(POSITION_HEADER, formatPosition(position));
}

/** Waits for `readModels` when the request asks to; a malformed header is ignored rather than refused. */
export async function waitForRequestedPosition(db: Database, request: FastifyRequest, readModels: readonly string[]): Promise<void> {
  const header = request.headers[MIN_POSITION_HEADER];
  const position = typeof header === 'string' ? parsePosition(header) : null;
  if (position) await waitForProjections(db, readModels, position, { timeoutMs: MAX_WAIT_MS });
}

/** Answers the command's position and waits (bounded) until `readModels` have applied it, so the answer shows the change. */
export async function answerOnceProjected(db: Database, reply: FastifyReply, readModels: readonly string[], position: Position | null): Promise<void> {
  answerPosition(reply, position);
  if (position) await waitForProjections(db, readModels, position, { timeoutMs: MAX_WAIT_MS });
}
