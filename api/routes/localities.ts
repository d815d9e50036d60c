import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localitySearchAnswer, localitySearchQuery } from '../../domain/address/schemas';
import { searchLocalities } from '../../infrastructure/localities';
import type { AppDependencies } from '../dependencies';
import { problemResponses, problemSchema } from '../problem';
import { rateLimitOptions } from '../rate-limits';

/**
 * spec 1 §7 "Postal-code search" for the address picker (spec 2 §5). Public: the post wizard asks for addresses
 * before its visitor has an account, and the data is public reference data; rate-limited per address, since each
 * key typed (after the picker's debounce) is a request.
 */
export const localityRoutes =
  ({ db }: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(rateLimit, rateLimitOptions(db));

    app.get(
      '/v1/localities',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['addresses'],
          summary: 'Australian suburbs by the start of their postcode or name (public; at most 20)',
          querystring: localitySearchQuery,
          response: { 200: localitySearchAnswer, 429: problemSchema, ...problemResponses },
        },
      },
      async (request) => ({ result: await searchLocalities(db, request.query.search) }),
    );
  };
