import { expect } from 'vitest';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import type { TestApp } from './test-app';
import { activePost, type ActivePost, acceptBid, placeBid, type TestProvider } from './trade';
import { as } from './users';

// One marketplace journey through the API, touching every kind of event the trade makes: a customer's post, bids
// from several providers, a conversation with messages both ways, and (when `accept`) the acceptance, the deal's
// activities up to closed won and the customer's review, approved by an admin. The backup test restores it and the
// scale benchmark (scripts/bench/scale.ts) clones it into large logs.

export type Journey = { post: ActivePost; bidIds: string[]; dealId: string | null; reviewId: string | null };

export async function marketJourney(app: TestApp, bidders: readonly TestProvider[], options: { accept: boolean }): Promise<Journey> {
  const post = await activePost(app);
  const bidIds: string[] = [];
  for (const [i, bidder] of bidders.entries()) {
    bidIds.push(await placeBid(app, bidder, post.homeLoanId, { interest_rate: 5.5 + i / 10, comparison_rate: 5.6 + i / 10 }));
  }
  const call = async (user: { headers: { authorization: string } }, method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, status: number[]) => {
    const response = await app.app.inject(as(user, { method, url, payload }));
    expect(status, `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    await waitFor(app, response.headers['x-position'], ['deals', 'messages', 'reviews', 'posts']);
    return response.json();
  };
  // Chats start while the post is active (spec 1 §5).
  const winner = bidders[0]!;
  const conversation = await call(winner, 'POST', `/v1/posts/${post.postId}/conversations`, {}, [200, 201]);
  await call(winner, 'POST', `/v1/conversations/${conversation.uuid}/messages`, { message: 'I can offer 5.49% with an offset.' }, [201]);
  await call(post.owner, 'POST', `/v1/conversations/${conversation.uuid}/messages`, { message: 'Thank you, I will think about it.' }, [201]);
  if (!options.accept) return { post, bidIds, dealId: null, reviewId: null };

  const accepted = await acceptBid(app, post, bidIds[0]!);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const dealId = accepted.json().deal_id as string;
  await waitFor(app, accepted.headers['x-position'], ['deals']);
  const today = new Date().toISOString().slice(0, 10);
  const activity = (body: Record<string, unknown>) => call(winner, 'POST', `/v1/deals/${dealId}/activities`, { activity_date: today, ...body }, [201]);
  await activity({ operation: 'contact' });
  await activity({ operation: 'note', details: 'Documents requested' });
  await activity({ operation: 'application', amount: 440_000 });
  await activity({ operation: 'closed_won', amount: 435_000, settled_lender: 'Harbour Bank' });

  const review = await call(post.owner, 'POST', '/v1/reviews', { review: { post_uuid: post.postId, fsp_uuid: winner.id, rating: 5, description: 'Great rate and a quick settlement.' } }, [201]);
  await call(app.admin, 'PATCH', `/v1/reviews/${review.uuid}`, { status: 'approved' }, [200]);
  return { post, bidIds, dealId, reviewId: review.uuid as string };
}

async function waitFor(app: TestApp, header: string | string[] | number | undefined, projections: string[]): Promise<void> {
  const position = typeof header === 'string' ? parsePosition(header) : null;
  if (position) await waitForProjections(app.database.db, projections, position, { timeoutMs: 30_000 });
}
