import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { allow, callerOf } from '../../api/access';
import type { AppDependencies } from '../../api/dependencies';

// The bid workload's ceiling (docs/performance.md "Today's state"): a route on the same server that does what any
// write request must, and nothing a bid adds. The same access rule as placing a bid (the token checked, the caller
// read), the body parsed, one INSERT committed on its own, and a 201 answer as long as a bid's. The workload runs it
// in the same run as the bids, so bids/s and CPU a bid are read as a fraction of it, whatever the machine's speed.
// Registered by the bench's server only (scripts/bench/bid-server.ts), never by the product.

export const CEILING_BIDS_TABLE_SQL =
  'create table if not exists bench_ceiling_bids (id uuid primary key, home_loan_id text not null, provider_id uuid not null, body jsonb not null, placed_at timestamptz not null default now())';
export const ceilingBidPath = (homeLoanId: string) => `/bench/ceiling/home_loans/${homeLoanId}/bids`;
/** The workload sends the length of a real bid's answer, so the ceiling's answers weigh the same on the wire. */
export const ANSWER_BYTES_HEADER = 'x-bench-answer-bytes';

const answers = new Map<number, string>();
/** `{"uuid":"…","padding":"xx…"}`, `bytes` long (at least the bare object). */
function answerOf(uuid: string, bytes: number): string {
  const bare = `{"uuid":"${uuid}","padding":""}`;
  let padding = answers.get(bytes);
  if (padding === undefined) {
    padding = 'x'.repeat(Math.max(0, bytes - bare.length));
    answers.set(bytes, padding);
  }
  return `{"uuid":"${uuid}","padding":"${padding}"}`;
}

export const ceilingRoutes =
  (deps: AppDependencies): FastifyPluginAsync =>
  async (app) => {
    app.post<{ Params: { id: string } }>(
      '/bench/ceiling/home_loans/:id/bids',
      { onRequest: allow(deps, { userTypes: ['fsp', 'admin'], permission: 'view' }) },
      async (request, reply) => {
        const caller = callerOf(request);
        const uuid = deps.ids.uuid();
        await sql`insert into bench_ceiling_bids (id, home_loan_id, provider_id, body) values (${uuid}, ${request.params.id}, ${caller.userId}, ${JSON.stringify(request.body)})`.execute(deps.db);
        const bytes = Math.min(1_000_000, Number(request.headers[ANSWER_BYTES_HEADER]) || 0);
        return reply.code(201).type('application/json').send(answerOf(uuid, bytes));
      },
    );
  };
