import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createQuestion, editQuestionList, reorderQuestions } from '../../application/questions/question-list';
import type { DomainError } from '../../domain/shared/decider';
import { findProduct } from '../../domain/product/products';
import { questionErrors } from '../../domain/question/decider';
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
import type { Position } from '../../infrastructure/event-store/event-store';
import { findQuestion, listQuestions } from '../../projections/questions/queries';
import type { QuestionRow } from '../../projections/questions/questions';
import { adminOnly } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerOnceProjected, answerPosition, waitForRequestedPosition } from '../read-your-writes';

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

/** Spec 3 §7 "Questions", under the product (admin only); the writes are application/questions/question-list.ts. */
export const questionRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;

    app.addHook('onRequest', adminOnly(deps));

    const productNotFound = (reply: FastifyReply) => sendProblem(reply, problem(404, 'PRODUCT_NOT_FOUND', 'Product not found.'));

    /** The question as the list shows it once the change is applied; 202 if the projection lags. */
    async function answerQuestion(reply: FastifyReply, productId: string, id: string, position: Position | null, status: 200 | 201) {
      await answerOnceProjected(db, reply, READ_MODELS, position);
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
        const result = await createQuestion(deps, { productId: product.uuid, description: request.body.question.description }, commandContext(request, clock));
        if (!result.ok) return sendDomainError(reply, result.error);
        return answerQuestion(reply, product.uuid, result.questionId, result.position, 201);
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
        const result = await reorderQuestions(deps, { productId: product.uuid, placements: request.body.questions }, commandContext(request, clock));
        if (!result.ok) return sendDomainError(reply, result.error);
        answerPosition(reply, result.position);
        return { questions: result.order };
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
        if (!row) return sendProblem(reply, domainProblem({ code: questionErrors.notFound, message: 'Question not found.' }));
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
        const result = await editQuestionList(deps, { type: 'ChangeQuestion', data: { product_id: product.uuid, question_id: uuid, changes } }, commandContext(request, clock));
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
        const command = { type: 'RemoveQuestion' as const, data: { product_id: product.uuid, question_id: request.params.uuid } };
        const result = await editQuestionList(deps, command, commandContext(request, clock));
        if (!result.ok) return sendDomainError(reply, result.error);
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );
  };

/** A wrong order is the list's fault, other refusals the whole form's; a missing question is nobody's field. */
function sendDomainError(reply: FastifyReply, error: DomainError) {
  const field = error.code === questionErrors.notFound ? undefined : error.code === questionErrors.invalidPositions ? 'questions' : 'base';
  return sendProblem(reply, domainProblem(error, { field }));
}
