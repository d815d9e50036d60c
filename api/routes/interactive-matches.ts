import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { evaluateInteractiveMatches } from '../../application/bid-templates/interactive-matches';
import { interactiveMatchesPage } from '../../contracts/interactive-match';
import { interactiveMatchesRequestSchema } from '../../domain/bid-template/comparison-loan';
import type { AppDependencies } from '../dependencies';
import { problemResponses, problemSchema } from '../problem';
import { rateLimitOptions } from '../rate-limits';

/**
 * Evaluations a client address may ask a minute: a visitor moving the tool's sliders asks one per change (after the
 * form's debounce); a scraper asking thousands is held back.
 */
export const interactiveMatchEvaluationLimit = { max: 60, timeWindow: '1 minute' } as const;

/**
 * The comparison tool's evaluation (issue 29 item 6; docs/bid-templates.md "Interactive matching: the evaluation").
 * Public and rate-limited per client address: the tool serves anonymous visitors, and the anonymous user the spec
 * creates on first use is made without any credential, so requiring a log-in would stop nobody, only fill the users
 * table. What it answers is what any visitor is shown (docs/api.md).
 */
export const interactiveMatchRoutes =
  ({ db, clock }: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(rateLimit, rateLimitOptions(db));

    app.post(
      '/v3/interactive_matches/evaluations',
      {
        config: { rateLimit: interactiveMatchEvaluationLimit },
        schema: {
          tags: ['bid templates'],
          summary:
            "The comparison tool's offers for a loan (public, rate-limited): the bid templates ticked on for interactive matching and not past their expiry day, of an active provider, whose rules the loan meets, each with its bid after the conditional rules; lowest comparison rate first, 20 a page",
          body: interactiveMatchesRequestSchema,
          response: { 200: interactiveMatchesPage, 429: problemSchema, ...problemResponses },
        },
      },
      async (request) => evaluateInteractiveMatches({ db, clock }, request.body),
    );
  };
