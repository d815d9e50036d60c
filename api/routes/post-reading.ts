import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPost } from '../../application/posts/read-post';
import { postReadingView, toProviderPostView } from '../../contracts/provider-post';
import { type PostReadingFacts, postReadingFacts, providerTableStatuses } from '../../projections/posts/dashboard-queries';
import { findUser } from '../../projections/users/queries';
import { allow, type AccessRule, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { postNotFound } from './post-commands';

// GET /v4/posts/{id} for every role (spec 1 §2 "Post detail", §6; docs/dashboards.md "The post as each role reads
// it"): the owner and admins read the whole post; a provider reads the loan summary of a post it may bid on or has
// bid on, and the customer's personal data only while holding the winning bid. Everyone else gets the 404 of a post
// that does not exist, so posts cannot be enumerated.

const params = z.object({ id: z.uuid() });

/** The wizard's customer (still `creating`) reads its draft too. */
const readers: AccessRule = { userTypes: ['customer', 'admin', 'fsp'], allowCreating: true };

type Reading = 'whole' | 'provider-summary' | 'provider-winning' | 'none';

/** Who reads what: decided from the read models, never from what the UI shows. */
function readingOf(caller: Caller, facts: PostReadingFacts | undefined): Reading {
  if (!facts || facts.deleted) return 'none';
  switch (caller.userType) {
    case 'admin':
      return caller.permissions.view ? 'whole' : 'none';
    case 'customer':
      return facts.owner_id === caller.userId ? 'whole' : 'none';
    case 'fsp': {
      if (caller.status !== 'active' || facts.status === 'pending') return 'none';
      if (facts.holds_winning_bid) return 'provider-winning';
      const open = (providerTableStatuses as readonly string[]).includes(facts.status);
      return facts.holds_bid || (open && caller.permissions.view_active_posts) ? 'provider-summary' : 'none';
    }
  }
}

export const postReadingRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      '/v4/posts/:id',
      {
        onRequest: allow(deps, readers),
        schema: {
          tags: ['posts'],
          summary:
            "A post: whole for its owner and admins; for a provider (view_active_posts on an active or review post, or a bid on it) the loan summary, with the customer's personal data only for the winning bid's provider; 404 otherwise",
          params,
          response: { 200: postReadingView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await waitForRequestedPosition(db, request, ['posts', 'bids']);
        const facts = await postReadingFacts(db, request.params.id, caller.userType === 'fsp' ? caller.userId : null);
        const reading = readingOf(caller, facts);
        // Folded from the stream, so the answer is as fresh as the last write (docs/architecture.md "Where a post's detail is read from").
        const read = reading === 'none' || !facts ? null : await readPost(deps, request.params.id);
        if (!read || !facts) return sendProblem(reply, postNotFound());
        if (reading === 'whole') return read.view;
        if (reading === 'provider-summary') return toProviderPostView(read.view, null);
        const owner = await findUser(db, facts.owner_id);
        const contact = {
          first_name: owner?.first_name ?? null,
          last_name: owner?.last_name ?? null,
          email: owner?.email ?? null,
          country_code: owner?.country_code ?? null,
          mobile_number: owner?.mobile_number ?? null,
        };
        return toProviderPostView(read.view, contact);
      },
    );
  };
