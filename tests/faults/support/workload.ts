import { sql } from 'kysely';
import { bidWarningCodes } from '../../../domain/bid/rules';
import { homeLoanProduct } from '../../../domain/product/products';
import { dealIdOf } from '../../../projections/deals/deal-opener';
import { type ActivePost, acceptBid, type TestProvider, validBid } from '../../support/trade';
import { as } from '../../support/users';
import type { RemoteApp } from '../../support/remote-app';

// A client that keeps sending the trade's commands over HTTP while processes are killed: customers' posts, providers'
// bids, acceptances and deal notes. It records every command answered 2xx; anything else (a refused command, a
// connection cut by a kill) is counted, not recorded, and the client goes on.

export type Acknowledged = {
  posts: string[];
  bids: { bidId: string; postId: string }[];
  acceptances: { postId: string; bidId: string; dealId: string }[];
  notes: { dealId: string; text: string }[];
  cancellations: string[];
};

export type WorkloadResult = Acknowledged & { sent: number; failed: number; errors: Map<string, number>; inFlight: number; serverErrors: string[] };

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export function runWorkload(remote: RemoteApp, setup: { posts: ActivePost[]; providers: TestProvider[]; customer: { headers: { authorization: string } } }, options: { concurrency: number; cancellations?: boolean }) {
  const result: WorkloadResult = { posts: [], bids: [], acceptances: [], notes: [], cancellations: [], sent: 0, failed: 0, errors: new Map(), inFlight: 0, serverErrors: [] };
  const open = new Set(setup.posts.map((p) => p.postId));
  const cancelled = new Set<string>();
  let stopped = false;
  let counter = 0;

  const note = (outcome: string) => {
    result.failed++;
    result.errors.set(outcome, (result.errors.get(outcome) ?? 0) + 1);
  };
  const send = async (what: string, work: () => Promise<{ statusCode: number; body: string; json(): any }>, onOk: (body: any) => void) => {
    result.sent++;
    result.inFlight++;
    try {
      const response = await work().finally(() => result.inFlight--);
      if (response.statusCode >= 200 && response.statusCode < 300) onOk(response.json());
      else note(`${what} ${response.statusCode}`);
      if (response.statusCode >= 500) result.serverErrors.push(`${what}: ${response.body}`);
    } catch (error) {
      // The API is down (killed): do not spin while it restarts.
      await new Promise((resolve) => setTimeout(resolve, 250));
      note(`${what} ` + ((error as Error).cause ? `${(error as { cause: { code?: string } }).cause.code ?? 'fetch failed'}` : (error as Error).name));
    }
  };

  async function one(): Promise<void> {
    const roll = Math.random();
    const post = pick(setup.posts.filter((p) => open.has(p.postId)));
    if (roll < 0.45 && post) {
      const bidder = pick(setup.providers)!;
      // Rates vary so each bid is a new offer (a provider may bid several times on a post).
      const rate = 5 + Math.floor(Math.random() * 100) / 100;
      await send(
        'bid',
        () =>
          remote.app.inject(
            as(bidder, {
              method: 'POST',
              url: `/v4/home_loans/${post.homeLoanId}/bids`,
              payload: { home_loan_bid: validBid(bidder.organisationUuid, { interest_rate: rate, comparison_rate: rate + 0.1 }), confirmed_warnings: [...bidWarningCodes] },
            }),
          ),
        (body) => result.bids.push({ bidId: body.uuid, postId: post.postId }),
      );
    } else if (roll < 0.55 && options.cancellations) {
      const bid = pick(result.bids.filter((b) => open.has(b.postId) && !cancelled.has(b.bidId)));
      if (!bid) return;
      cancelled.add(bid.bidId);
      await send(
        'cancel',
        () => remote.asAdmin({ method: 'PATCH', url: `/v4/home_loan_bids/${bid.bidId}/cancel`, payload: { reason: `Withdrawn ${++counter}` } }),
        () => result.cancellations.push(bid.bidId),
      );
    } else if (roll < 0.65) {
      // A post is accepted once it has a few bids, so bidding goes on meanwhile.
      const bid = pick(result.bids.filter((b) => open.has(b.postId) && !cancelled.has(b.bidId) && result.bids.filter((o) => o.postId === b.postId).length >= 4));
      const owner = bid && setup.posts.find((p) => p.postId === bid.postId);
      if (!bid || !owner) return;
      open.delete(bid.postId); // one acceptance per post
      await send(
        'accept',
        () => acceptBid(remote, owner, bid.bidId),
        () => result.acceptances.push({ postId: bid.postId, bidId: bid.bidId, dealId: dealIdOf(bid.bidId) }),
      );
    } else if (roll < 0.85) {
      const accepted = pick(result.acceptances);
      if (!accepted) return;
      // An admin's note: the deal activity route as the provider's team would use it.
      const text = `Fault-test note ${++counter}`;
      await send(
        'note',
        () => remote.asAdmin({ method: 'POST', url: `/v1/deals/${accepted.dealId}/activities`, payload: { operation: 'note', details: text, activity_date: today() } }),
        () => result.notes.push({ dealId: accepted.dealId, text }),
      );
    } else {
      await send(
        'post',
        () => remote.app.inject(as(setup.customer, { method: 'POST', url: `/v2/products/${homeLoanProduct.uuid}/posts`, payload: { post: { urgency: 'within_1_month' } } })),
        (body) => result.posts.push(body.uuid),
      );
    }
  }
  const loops = Array.from({ length: options.concurrency }, async () => {
    while (!stopped) await one();
  });
  return {
    result,
    /** Stops sending and waits for the answers still due. */
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return result;
    },
  };
}

/**
 * What the read models must hold of the acknowledged commands: answers the ones missing (empty when all are there).
 */
export async function missingFromReadModels(remote: RemoteApp, acknowledged: Acknowledged): Promise<string[]> {
  const db = remote.database.db;
  const have = async (query: ReturnType<typeof sql<{ id: string }>>) => new Set((await query.execute(db)).rows.map((r) => r.id));
  const posts = await have(sql<{ id: string }>`select uuid::text as id from posts`);
  const bids = await have(sql<{ id: string }>`select uuid::text as id from bids`);
  const cancelledBids = await have(sql<{ id: string }>`select uuid::text as id from bids where status = 'cancelled'`);
  const deals = await have(sql<{ id: string }>`select uuid::text || '/' || bid_id::text as id from deals`);
  const notes = await have(sql<{ id: string }>`select deal_id::text || '/' || description as id from deal_activities where activity_type = 'note'`);
  return [
    ...acknowledged.posts.filter((id) => !posts.has(id)).map((id) => `post ${id}`),
    ...acknowledged.bids.filter((b) => !bids.has(b.bidId)).map((b) => `bid ${b.bidId}`),
    ...acknowledged.cancellations.filter((id) => !cancelledBids.has(id)).map((id) => `cancellation of bid ${id}`),
    ...acknowledged.acceptances.filter((a) => !deals.has(`${a.dealId}/${a.bidId}`)).map((a) => `deal of bid ${a.bidId}`),
    ...acknowledged.notes.filter((n) => !notes.has(`${n.dealId}/${n.text}`)).map((n) => `note '${n.text}'`),
  ];
}
