import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findProduct } from '../../domain/product/products';
import type { QuestionCommand } from '../../domain/question/commands';
import { questionDecider, questionErrors } from '../../domain/question/decider';
import { questionListStream } from '../../domain/question/events';
import {
  createQuestionBody,
  questionListQuery,
  questionOrderView,
  type QuestionView,
  questionView,
  reorderQuestionsBody,
  updateQuestionBody,
} from '../../domain/question/schemas';
import { listResultSchema } from '../../domain/shared/list-query';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import { findQuestion, listQuestions } from '../../projections/questions/queries';
import type { QuestionRow } from '../../projections/questions/questions';
import { adminOnly, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';

const READ_MODELS = ['questions'] as const;
const productParams = z.object({ product_uuid: z.uuid() });
const questionParams = z.object({ product_uuid: z.uuid(), uuid: z.uuid() });
const TAGS = ['questions'];

export function toQuestionView(row: QuestionRow): QuestionView {
  return {
    uuid: row.uuid,
    description: row.description,
    status: row.status,
    position: row.position,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Spec 3 §7 "Questions", under the product (admin only; until log-in exists, development mode only). Every write
 * goes to the product's one question list stream, so a reorder and a concurrent create or removal never leave
 * positions with gaps or duplicates (docs/events.md "Questions").
 */
export const questionRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, clock, ids } = deps;

    app.addHook('onRequest', adminOnly(deps));

    const execute = (request: FastifyRequest, command: QuestionCommand) =>
      handleCommand({
        store,
        ids,
        streamId: questionListStream(command.data.product_id),
        decider: questionDecider,
        command,
        context: { userId: callerOf(request).userId, correlationId: request.id, causationId: null, now: clock.now() },
      });

    const productNotFound = (reply: FastifyReply) => sendProblem(reply, problem(404, 'PRODUCT_NOT_FOUND', 'Product not found.'));

    /** The question as the list shows it once the change is applied; 202 if the projection lags. */
    async function answerQuestion(reply: FastifyReply, productId: string, id: string, position: Position | null, status: 200 | 201) {
      answerPosition(reply, position);
      if (position) await waitForProjections(db, READ_MODELS, position, { timeoutMs: 5000 });
      const row = await findQuestion(db, productId, id);
      if (!row) return reply.code(202).send({ uuid: id });
      return reply.code(status).send(toQuestionView(row));
    }

    app.get(
      '/v1/products/:product_uuid/questions',
      {
        schema: {
          tags: TAGS,
          summary: "List a product's questions (server-paged; by position unless sorted)",
          params: productParams,
          querystring: questionListQuery,
          response: { 200: listResultSchema(questionView), ...problemResponses },
        },
      },
      async (request, reply) => {
        const product = findProduct(request.params.product_uuid);
        if (!product) return productNotFound(reply);
        await waitForRequestedPosition(db, request, READ_MODELS);
        const page = await listQuestions(db, product.uuid, request.query);
        return { total_records: page.total_records, result: page.result.map(toQuestionView) };
      },
    );

    app.post(
      '/v1/products/:product_uuid/questions',
      {
        schema: {
          tags: TAGS,
          summary: 'Create a question (it goes last, active)',
          params: productParams,
          body: createQuestionBody,
          response: { 201: questionView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const product = findProduct(request.params.product_uuid);
        if (!product) return productNotFound(reply);
        const questionId = ids.uuid();
        const result = await execute(request, {
          type: 'CreateQuestion',
          data: { product_id: product.uuid, question_id: questionId, description: request.body.question.description },
        });
        if (!result.ok) return sendDomainError(reply, result.error);
        return answerQuestion(reply, product.uuid, questionId, result.position, 201);
      },
    );

    app.patch(
      '/v1/products/:product_uuid/questions',
      {
        schema: {
          tags: TAGS,
          summary: 'Reorder questions: the named ones take the given positions, the others keep their order',
          params: productParams,
          body: reorderQuestionsBody,
          response: { 200: questionOrderView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const product = findProduct(request.params.product_uuid);
        if (!product) return productNotFound(reply);
        const placements = request.body.questions.map(({ uuid, position }) => ({ question_id: uuid, position }));
        const result = await execute(request, { type: 'ReorderQuestions', data: { product_id: product.uuid, placements } });
        if (!result.ok) return sendDomainError(reply, result.error);
        answerPosition(reply, result.position);
        // The whole order, from the write side: exact even while the read model catches up.
        return { questions: result.state.questions.map((q, index) => ({ uuid: q.question_id, position: index + 1 })) };
      },
    );

    app.get(
      '/v1/products/:product_uuid/questions/:uuid',
      {
        schema: {
          tags: TAGS,
          summary: 'One question',
          params: questionParams,
          response: { 200: questionView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const product = findProduct(request.params.product_uuid);
        if (!product) return productNotFound(reply);
        await waitForRequestedPosition(db, request, READ_MODELS);
        const row = await findQuestion(db, product.uuid, request.params.uuid);
        if (!row) return sendProblem(reply, problem(404, questionErrors.notFound, 'Question not found.'));
        return toQuestionView(row);
      },
    );

    app.patch(
      '/v1/products/:product_uuid/questions/:uuid',
      {
        schema: {
          tags: TAGS,
          summary: 'Change a question: its text, or its status (the active/inactive toggle)',
          params: questionParams,
          body: updateQuestionBody,
          response: { 200: questionView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const product = findProduct(request.params.product_uuid);
        if (!product) return productNotFound(reply);
        const { uuid } = request.params;
        const { description, status } = request.body.question;
        const changes = { ...(description !== undefined ? { description } : {}), ...(status !== undefined ? { status } : {}) };
        const result = await execute(request, { type: 'ChangeQuestion', data: { product_id: product.uuid, question_id: uuid, changes } });
        if (!result.ok) return sendDomainError(reply, result.error);
        return answerQuestion(reply, product.uuid, uuid, result.position, 200);
      },
    );

    app.delete(
      '/v1/products/:product_uuid/questions/:uuid',
      {
        schema: {
          tags: TAGS,
          summary: 'Remove a question (the questions after it move up)',
          params: questionParams,
          response: { 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const product = findProduct(request.params.product_uuid);
        if (!product) return productNotFound(reply);
        const result = await execute(request, { type: 'RemoveQuestion', data: { product_id: product.uuid, question_id: request.params.uuid } });
        if (!result.ok) return sendDomainError(reply, result.error);
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );
  };

function sendDomainError(reply: FastifyReply, error: { code: string; message: string }) {
  if (error.code === questionErrors.notFound) return sendProblem(reply, problem(404, error.code, error.message));
  const field = error.code === questionErrors.invalidPositions ? 'questions' : 'base';
  return sendProblem(reply, problem(422, error.code, error.message, { [field]: [error.message] }));
}
