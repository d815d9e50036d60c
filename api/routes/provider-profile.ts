import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INLINE_IMAGE_BODY_BYTES } from '../../application/images';
import { completeProviderProfile, saveProviderAnswers } from '../../application/users/provider-answers';
import { userNotFound } from '../../application/users/refusals';
import { homeLoanProduct } from '../../domain/product/products';
import { completeProfileBody, type FspQuestionView, fspQuestionView, updateAnswersBody } from '../../domain/user/profile';
import { userView } from '../../domain/user/schemas';
import { listQuestions } from '../../projections/questions/queries';
import { findUser } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import { allow, callerOf, forbidden } from '../access';
import type { Caller } from '../authentication';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerOnceProjected, waitForRequestedPosition } from '../read-your-writes';
import { answerUser } from './user-views';

const TAGS = ['profile'];
const fspQuestionsView = z.object({ total_records: z.number().int(), result: z.array(fspQuestionView) });
const userAccepted = z.object({ uuid: z.uuid() });

/**
 * Who may read a provider's answers (spec 1 §6, docs/security.md "Profiles"): the provider, admins, and customers for
 * an active provider (the profile behind a bid). Other providers may not: other fsps' profiles are hidden from them.
 */
function answersAccess(caller: Caller, providerId: string, provider: UserRow | undefined): 'ok' | 'forbidden' | 'not_found' {
  if (caller.userId !== providerId) {
    if (caller.userType === 'fsp') return 'forbidden';
    if (caller.userType === 'admin' && !caller.permissions.view) return 'forbidden';
  }
  if (!provider || provider.user_type !== 'fsp') return 'not_found';
  // A customer learns nothing about providers that are not active.
  if (caller.userType === 'customer' && provider.status !== 'active') return 'not_found';
  return 'ok';
}

/** A provider's profile (spec 2 §2 "fsp-activate-profile", spec 3 §7): completing it, and the answers to the questions. */
export const providerProfileRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;

    /** The active questions in their order, each with the provider's answer (null when not answered). */
    async function answersOf(provider: UserRow): Promise<{ total_records: number; result: FspQuestionView[] }> {
      const questions = await listQuestions(db, homeLoanProduct.uuid, { page: 1, count: 1000, status: 'active' });
      const answers = new Map(provider.answers.map((a) => [a.question_uuid, a.answer]));
      const result = questions.result.map((q) => ({ question_uuid: q.uuid, description: q.description, position: q.position, answer: answers.get(q.uuid) ?? null }));
      return { total_records: result.length, result };
    }

    app.patch(
      '/v1/fsps/complete_profile',
      {
        // spec 2 §4: only approved providers complete the profile; the decider refuses everyone else.
        onRequest: allow(deps, { userTypes: ['fsp'], allowApproved: true }),
        bodyLimit: INLINE_IMAGE_BODY_BYTES,
        schema: {
          tags: TAGS,
          summary: 'An approved provider completes the profile (avatar, answers to the active questions) and becomes active',
          body: completeProfileBody,
          response: { 200: userView, 202: userAccepted, ...problemResponses },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).userId;
        const { avatar, questions } = request.body;
        const result = await completeProviderProfile(deps, { userId, ...(avatar ? { avatar } : {}), answers: questions }, commandContext(request, clock));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        return answerUser(db, reply, userId, result.position);
      },
    );

    app.patch(
      '/v1/fsps/update_profile',
      {
        onRequest: allow(deps, { userTypes: ['fsp'] }),
        schema: {
          tags: TAGS,
          summary: "An active provider changes the answers (spec 3 §7); the answer is the provider's questions with the new answers",
          body: updateAnswersBody,
          response: { 200: fspQuestionsView, 202: userAccepted, ...problemResponses },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).userId;
        const result = await saveProviderAnswers(deps, { userId, answers: request.body.questions }, commandContext(request, clock));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        await answerOnceProjected(db, reply, ['users'], result.position);
        const row = await findUser(db, userId);
        return row ? answersOf(row) : reply.code(202).send({ uuid: userId });
      },
    );

    app.get(
      '/v2/fsps/:uuid/fsp_questions',
      {
        // An approved provider reads the questions to answer on the activation screen.
        onRequest: allow(deps, { allowApproved: true }),
        schema: {
          tags: TAGS,
          summary: "The active questions with a provider's answers (the provider, admins, customers for an active provider)",
          params: z.object({ uuid: z.uuid() }),
          response: { 200: fspQuestionsView, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, ['users', 'questions']);
        const provider = await findUser(db, request.params.uuid);
        const access = answersAccess(callerOf(request), request.params.uuid, provider);
        if (access === 'forbidden') return sendProblem(reply, forbidden());
        if (access === 'not_found' || !provider) return sendProblem(reply, domainProblem(userNotFound));
        return answersOf(provider);
      },
    );
  };
