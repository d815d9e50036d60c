import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptanceView } from '../../contracts/deal';
import { postView } from '../../contracts/post';
import { claimEmailLink, confirmEmailLink, type EmailLinkAction, type EmailLinkClaims, releaseEmailLink, verifyEmailLinkToken } from '../../infrastructure/email-link-tokens';
import { findPost } from '../../projections/posts/queries';
import { findUser } from '../../projections/users/queries';
import type { AppDependencies } from '../dependencies';
import { callerFromUser } from '../authentication';
import { type Problem, problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { bidAcceptance } from './acceptance';
import { runLifecycleOperation } from '../../application/posts/run-lifecycle-operation';
import { answerPost, refused, requesterOf } from './post-commands';

// The trade e-mails' links without a log-in (issue 6 item 5, spec 1 §2 /extend-review-period, /cancel-automatic-
// selection, /connect-me/{post_uuid}/{bid_uuid}; docs/trade-mail.md "Using a link"). The token in the body is
// checked (signature, expiry, action, post, bid), its recipient must still be the post's active owner, its use is
// claimed while the command the logged-in route runs is run with the recipient as the actor, and recorded for good
// once it is done. A refused or failed command gives the link back. The token goes in the body, not the path, so
// access logs never hold it.

const TAGS = ['email links'];
const token = z.string().trim().min(1, 'The link has no token.').max(4000);

export const emailLinkMessages = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired.',
  otherAction: 'This link is not for this action.',
  used: 'This link has already been used.',
  noLongerValid: 'This link is no longer valid.',
} as const;

const gone = (code: string, detail: string): Problem => ({ ...problem(410, code, detail), title: 'Gone' });
const invalidLink = () => problem(400, 'EMAIL_LINK_INVALID', emailLinkMessages.invalid);
const linkProblems = { ...problemResponses, 410: problemSchema };

export const emailLinkRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, secrets, clock } = deps;
    const accept = bidAcceptance(deps);

    /**
     * Checks the link for this action on this post (and bid) and records its use; the recipient is then the caller.
     * Null after answering the problem (nothing written).
     */
    async function useLink(request: FastifyRequest, reply: FastifyReply, rawToken: string, action: EmailLinkAction, postId: string, bidId: string | null): Promise<EmailLinkClaims | null> {
      const now = clock.now();
      const check = await verifyEmailLinkToken(secrets.accessTokenKey, rawToken, now);
      if (!check.ok) {
        sendProblem(reply, check.reason === 'expired' ? gone('EMAIL_LINK_EXPIRED', emailLinkMessages.expired) : invalidLink());
        return null;
      }
      const { claims } = check;
      // Single purpose: the action, the post and the bid the link was made for, nothing else.
      if (claims.action !== action || claims.postId !== postId || claims.bidId !== bidId) {
        sendProblem(reply, problem(403, 'EMAIL_LINK_OTHER_ACTION', emailLinkMessages.otherAction));
        return null;
      }
      // The recipient must still be there and active, and still own the post (a deleted or suspended user's links die).
      const [user, post] = await Promise.all([findUser(db, claims.userId), findPost(db, postId)]);
      if (!user || user.status !== 'active' || !post || post.owner_id !== claims.userId) {
        sendProblem(reply, gone('EMAIL_LINK_REVOKED', emailLinkMessages.noLongerValid));
        return null;
      }
      if (!(await claimEmailLink(db, claims, now))) {
        sendProblem(reply, problem(409, 'EMAIL_LINK_USED', emailLinkMessages.used));
        return null;
      }
      request.caller = callerFromUser(user); // the link acts as its recipient
      return claims;
    }

    /**
     * Runs the link's action; done, the use is recorded for good; a refusal (answered as a problem) or a failure gives
     * the link back. A crash in between leaves a claim that runs out: running the action again then does no harm
     * (accepting the same bid and turning Auto-Declare off are done once; an extension records the link's id).
     */
    async function runOnce(claims: EmailLinkClaims, reply: FastifyReply, action: () => Promise<unknown>): Promise<void> {
      try {
        await action();
      } catch (error) {
        await releaseEmailLink(db, claims.tokenId);
        throw error;
      }
      if (reply.statusCode >= 400) await releaseEmailLink(db, claims.tokenId);
      else await confirmEmailLink(db, claims.tokenId);
    }

    app.post(
      '/v2/posts/:id/email_link',
      {
        schema: {
          tags: TAGS,
          summary:
            "The post update of a trade e-mail's link, without a log-in (spec 1 §2, §4): extend_review_period or cancel_automatic_selection, as the link's recipient (the owner); each link once",
          params: z.object({ id: z.uuid() }),
          body: z.strictObject({ operation: z.enum(['extend_review_period', 'cancel_automatic_selection']), token }),
          response: { 200: postView, ...linkProblems },
        },
      },
      async (request, reply) => {
        const postId = request.params.id;
        const { operation } = request.body;
        const claims = await useLink(request, reply, request.body.token, operation, postId, null);
        if (!claims) return reply;
        await runOnce(claims, reply, async () => {
          const result = await runLifecycleOperation(deps, requesterOf(request), { postId, operation, linkId: claims.tokenId });
          if (refused(reply, result)) return;
          return answerPost(deps, reply, postId);
        });
        return reply;
      },
    );

    app.post(
      '/v1/connect-me/:post_id/:bid_id/email_link',
      {
        schema: {
          tags: TAGS,
          summary: "The connect-me link of a trade e-mail, without a log-in (spec 1 §2): the post's owner accepts the bid (or confirms it again); each link once",
          params: z.object({ post_id: z.uuid(), bid_id: z.uuid() }),
          body: z.strictObject({ token }),
          response: { 200: acceptanceView, ...linkProblems },
        },
      },
      async (request, reply) => {
        const { post_id, bid_id } = request.params;
        const claims = await useLink(request, reply, request.body.token, 'connect_me', post_id, bid_id);
        if (!claims) return reply;
        await runOnce(claims, reply, () => accept(request, reply, post_id, bid_id, undefined));
        return reply;
      },
    );
  };
