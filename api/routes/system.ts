import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { products } from '../../domain/product/products';
import { formatPosition } from '../../infrastructure/event-store/event-store';
import { readFile } from '../../infrastructure/files';
import { projectionHealth } from '../../projections/projection-status';
import type { AppDependencies } from '../dependencies';
import { problem, sendProblem } from '../problem';

const projectionHealthSchema = z.object({
  name: z.string(),
  status: z.enum(['live', 'building']),
  version: z.number().int(),
  checkpoint: z.string(),
  lag: z.number().int(),
  lag_capped: z.boolean(),
});

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  event_store: z.enum(['ok', 'unavailable']),
  head: z.string().nullable(),
  projections: z.array(projectionHealthSchema),
});

/** Health, products and uploaded files. */
export const systemRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store } = deps;

    app.get(
      '/health',
      { schema: { tags: ['system'], summary: 'Liveness, and the lag of every projection', response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const database = await sql`select 1`.execute(db).then(() => 'ok' as const, () => 'unavailable' as const);
        const head = await store.headPosition().then(formatPosition, () => null);
        const projections = database === 'ok' && head !== null ? await projectionHealth(db, store).catch(() => []) : [];
        const ok = database === 'ok' && head !== null;
        return reply.code(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'unavailable',
          database,
          event_store: head !== null ? 'ok' : 'unavailable',
          head,
          projections,
        });
      },
    );

    app.get(
      '/v1/products',
      {
        schema: {
          tags: ['products'],
          summary: 'The marketplace products',
          response: { 200: z.object({ total_records: z.number(), result: z.array(z.object({ uuid: z.string(), slug: z.string(), name: z.string() })) }) },
        },
      },
      async () => ({ total_records: products.length, result: products.map(({ uuid, slug, name }) => ({ uuid, slug, name })) }),
    );

    app.get(
      '/files/:id',
      {
        schema: {
          tags: ['files'],
          summary: 'An uploaded image',
          // Binary answer: no response schema (the serializer would turn the bytes into JSON).
          params: z.object({ id: z.string().regex(/^[0-9a-f]{40}$/) }),
        },
      },
      async (request, reply) => {
        const file = await readFile(db, request.params.id);
        if (!file) return sendProblem(reply, problem(404, 'NOT_FOUND', 'File not found.'));
        // Content-addressed: the bytes behind an id never change.
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(file.contentType)
          .send(file.content);
      },
    );
  };
