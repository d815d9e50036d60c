import { readFile } from 'node:fs/promises';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscribe } from '../../application/mailing-list/subscribe';
import { mailingListName, subscribeBody, subscribedAnswer, subscribedMessage } from '../../domain/subscriber/schemas';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, problemSchema, sendProblem } from '../problem';
import { rateLimitOptions } from '../rate-limits';
import { answerPosition } from '../read-your-writes';

// What the site around the screens needs (docs/site-chrome.md): the served build's id for the outdated-version
// banner, and the mailing-list subscription (spec 1 §1, §7 "Subscribe to mailing list", §8).

/** vite.config.ts writes the build's id here with every build of the UI. */
export const versionFile = path.resolve(import.meta.dirname, '../../dist/web/version.json');
const versionContent = z.object({ build_id: z.string().min(1) });

/** The id of the UI build the server serves now (read each time: the UI may be rebuilt while the server runs). */
export async function servedBuildId(file = versionFile): Promise<string | null> {
  try {
    const parsed = versionContent.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data.build_id : null;
  } catch {
    return null;
  }
}

export const siteRoutes =
  (deps: AppDependencies, options: { versionFile?: string } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    // The public subscribe call is rate-limited per client IP like sign-up (docs/security.md).
    await app.register(rateLimit, rateLimitOptions(deps.db));

    app.get(
      '/v1/version',
      {
        schema: {
          tags: ['system'],
          summary: 'The id of the UI build being served (null without a built UI); the UI compares it with its own',
          response: { 200: z.object({ build_id: z.string().nullable() }) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { build_id: await servedBuildId(options.versionFile) };
      },
    );

    app.post(
      '/v1/subscriptions',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['mailing list'],
          summary: `Subscribe an e-mail address to the ${mailingListName} mailing list (public)`,
          body: subscribeBody,
          response: { 201: subscribedAnswer, 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const result = await subscribe(deps, request.body.email, commandContext(request, deps.clock, null));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        answerPosition(reply, result.position);
        return reply.code(201).send({ message: subscribedMessage });
      },
    );
  };
