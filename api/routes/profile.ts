import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { homeLoanProduct } from '../../domain/product/products';
import { questionDecider } from '../../domain/question/decider';
import { questionListStream } from '../../domain/question/events';
import type { UserCommand } from '../../domain/user/commands';
import { userDecider, userErrors } from '../../domain/user/decider';
import { type UserDetailChanges, userStream } from '../../domain/user/events';
import {
  answersErrors,
  completeProfileBody,
  type FspQuestionView,
  fspQuestionView,
  fullMobile,
  type OwnDetails,
  phoneCodeSent,
  phoneVerificationCheck,
  phoneVerificationMessages,
  phoneVerificationRequest,
  type ProviderAnswer,
  unverifiedMobileMessage,
  updateAnswersBody,
  updateMeBody,
  updatePasswordBody,
  wrongCurrentPassword,
} from '../../domain/user/profile';
import { tokenResponse, userView } from '../../domain/user/schemas';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { MAX_IMAGE_BYTES, storeImage } from '../../infrastructure/files';
import { hashPassword, verifyPassword } from '../../infrastructure/passwords';
import { CODE_MINUTES, checkPhoneCode, sendPhoneCode } from '../../infrastructure/phone-verification';
import { issueSessionTokens, revokeAllRefreshTokens } from '../../infrastructure/tokens';
import { waitForProjections } from '../../projections/projection-status';
import { listQuestions } from '../../projections/questions/queries';
import { findUser } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import { allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { limitedBy, rateLimitOptions } from '../rate-limits';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { releaseEmail, reserveEmail } from '../user-accounts';
import { emailTakenError } from '../../domain/user/email-reservation';
import { type CustomerRegistration, registerCustomerBody } from '../../domain/user/customer-account';
import { toUserView } from './identity';
import { postErrors } from '../../domain/post/decider';
import { findPost } from '../../projections/posts/queries';

/** PATCH /v2/users/{uuid} `operation: resend_incomplete_post_link` (spec 2 §7). */
const resendIncompletePostLinkBody = z.strictObject({ operation: z.literal('resend_incomplete_post_link'), post_uuid: z.uuid() });

const TAGS = ['profile'];
// The cropped avatar arrives inline as a data URL: room for a 2 MB image in base64.
const BODY_LIMIT = Math.ceil(MAX_IMAGE_BYTES * 1.4) + 64 * 1024;
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

/**
 * The logged-in user's own profile (spec 2 §2 "fsp-activate-profile", /profile-edit, /change-password; §7): profile
 * completion and answers of providers, own details, phone verification and the password change.
 */
export const profileRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, clock, ids, secrets } = deps;

    // The password check is rate-limited per user, so a stolen access token cannot guess the password fast; counted
    // once the caller is known.
    await app.register(rateLimit, rateLimitOptions(deps.db, { hook: 'preHandler' }));
    // Phone codes cost an SMS each and guard a 10^6 secret: a user gets 3 codes per 10 minutes (the phone_verifications
    // table counts them); these bound one address making many users, and the guesses (docs/security.md).
    const phoneSendLimits = limitedBy(app, [{ max: 20, timeWindow: '10 minutes', key: (request) => `phone-send-address:${request.ip}` }]);
    const phoneCheckLimits = limitedBy(app, [
      { max: 10, timeWindow: '10 minutes', key: (request) => `phone-check-user:${callerOf(request).userId}` },
      { max: 60, timeWindow: '10 minutes', key: (request) => `phone-check-address:${request.ip}` },
    ]);

    const run = (request: FastifyRequest, command: UserCommand) =>
      handleCommand({
        store,
        ids,
        streamId: userStream(command.data.user_id),
        decider: userDecider,
        command,
        context: { userId: callerOf(request).userId, correlationId: request.id, causationId: null, now: clock.now() },
      });

    const invalid = (reply: FastifyReply, code: string, errors: Record<string, string[]>) =>
      sendProblem(reply, problem(422, code, Object.values(errors)[0]?.[0] ?? 'The request has invalid fields.', errors));

    /** The active questions now, from the write side: the answers are checked against exactly these. */
    async function activeQuestionIds(): Promise<string[]> {
      const { state } = await loadState(store, questionListStream(homeLoanProduct.uuid), questionDecider);
      return state.questions.filter((q) => q.status === 'active').map((q) => q.question_id);
    }

    /** Stores the avatar; `false` once the 422 is answered. */
    async function avatarFileId(reply: FastifyReply, avatar: string, field: string): Promise<string | false> {
      const stored = await storeImage(db, avatar);
      if (stored.ok) return stored.id;
      // spec 2 §5: WRONG_FILE_TYPE is 'Only images are allowed!'.
      invalid(reply, stored.reason, { [field]: [stored.reason === 'TOO_LARGE' ? 'The image must be smaller than 2 MB.' : 'Only images are allowed!'] });
      return false;
    }

    /** The user once the change is readable; 202 with the id if the projection lags. */
    async function answerUser(reply: FastifyReply, userId: string, position: Position | null) {
      answerPosition(reply, position);
      if (position) await waitForProjections(db, ['users'], position, { timeoutMs: 5000 });
      const row = await findUser(db, userId);
      return row ? reply.code(200).send(toUserView(row)) : reply.code(202).send({ uuid: userId });
    }

    /** The active questions in their order, each with the provider's answer (null when not answered). */
    async function answersOf(provider: UserRow): Promise<FspQuestionView[]> {
      const questions = await listQuestions(db, homeLoanProduct.uuid, { page: 1, count: 1000, status: 'active' });
      const answers = new Map(provider.answers.map((a) => [a.question_uuid, a.answer]));
      return questions.result.map((q) => ({ question_uuid: q.uuid, description: q.description, position: q.position, answer: answers.get(q.uuid) ?? null }));
    }

    const sendDomainError = (reply: FastifyReply, error: { code: string; message: string }) =>
      error.code === userErrors.notFound
        ? sendProblem(reply, problem(404, error.code, error.message))
        : sendProblem(reply, problem(403, error.code, error.message));

    /** Whether the answers fit the active questions; `false` once the 422 is answered. */
    async function checkedAnswers(reply: FastifyReply, given: ProviderAnswer[]): Promise<boolean> {
      const errors = answersErrors(await activeQuestionIds(), given);
      if (Object.keys(errors).length === 0) return true;
      invalid(reply, 'ANSWERS_INVALID', errors);
      return false;
    }

    app.patch(
      '/v1/fsps/complete_profile',
      {
        // spec 2 §4: only approved providers complete the profile; the decider refuses everyone else.
        onRequest: allow(deps, { userTypes: ['fsp'], allowApproved: true }),
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: TAGS,
          summary: 'An approved provider completes the profile (avatar, answers to the active questions) and becomes active',
          body: completeProfileBody,
          response: { 200: userView, 202: userAccepted, ...problemResponses },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).userId;
        if (!(await checkedAnswers(reply, request.body.questions))) return reply;
        let avatar_file_id: string | null = null;
        if (request.body.avatar) {
          const stored = await avatarFileId(reply, request.body.avatar, 'avatar');
          if (stored === false) return reply;
          avatar_file_id = stored;
        }
        // One command, one append: the answers and the completion are written together or not at all.
        const result = await run(request, { type: 'CompleteProviderProfile', data: { user_id: userId, avatar_file_id, answers: request.body.questions } });
        if (!result.ok) return sendDomainError(reply, result.error);
        return answerUser(reply, userId, result.position);
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
        if (!(await checkedAnswers(reply, request.body.questions))) return reply;
        const result = await run(request, { type: 'SaveProviderAnswers', data: { user_id: userId, answers: request.body.questions } });
        if (!result.ok) return sendDomainError(reply, result.error);
        answerPosition(reply, result.position);
        if (result.position) await waitForProjections(db, ['users'], result.position, { timeoutMs: 5000 });
        const row = await findUser(db, userId);
        if (!row) return reply.code(202).send({ uuid: userId });
        const answers = await answersOf(row);
        return { total_records: answers.length, result: answers };
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
        if (access === 'not_found' || !provider) return sendProblem(reply, problem(404, userErrors.notFound, 'User not found.'));
        const result = await answersOf(provider);
        return { total_records: result.length, result };
      },
    );

    app.patch(
      '/v1/users/me',
      {
        onRequest: allow(deps),
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: TAGS,
          summary: 'Change the own details; a changed mobile number must be verified first (spec 2 §4)',
          body: updateMeBody,
          response: { 200: userView, 202: userAccepted, ...problemResponses },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).userId;
        const row = await findUser(db, userId);
        if (!row) return sendProblem(reply, problem(404, userErrors.notFound, 'User not found.'));
        const wanted = request.body.user;
        const newMobile = fullMobile(wanted.country_code, wanted.mobile_number);
        const mobileChanged = row.country_code === null || row.mobile_number === null || newMobile !== fullMobile(row.country_code, row.mobile_number);
        if (mobileChanged && row.verified_mobile !== newMobile) {
          return invalid(reply, 'MOBILE_NOT_VERIFIED', { 'user.mobile_number': [unverifiedMobileMessage] });
        }
        let avatar_file_id: string | null | undefined = wanted.avatar === null ? null : undefined;
        if (wanted.avatar) {
          const stored = await avatarFileId(reply, wanted.avatar, 'user.avatar');
          if (stored === false) return reply;
          avatar_file_id = stored;
        }
        const changes = changedDetails(row, wanted, avatar_file_id);
        const result = await run(request, { type: 'UpdateUserDetails', data: { user_id: userId, changes, changed_by: userId } });
        if (!result.ok) return sendDomainError(reply, result.error);
        return answerUser(reply, userId, result.position);
      },
    );

    app.post(
      '/v1/users/phone_verification',
      {
        onRequest: allow(deps, { allowCreating: true }),
        preHandler: phoneSendLimits,
        schema: {
          tags: TAGS,
          summary: `Send a 6-digit code by SMS to prove a mobile number (valid ${CODE_MINUTES} minutes, 3 codes per 10 minutes)`,
          body: phoneVerificationRequest,
          response: { 202: phoneCodeSent, 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const sent = await sendPhoneCode(
          db,
          { key: secrets.accessTokenKey, ids },
          { userId: callerOf(request).userId, countryCode: request.body.country_code, mobileNumber: request.body.mobile_number, now: clock.now() },
        );
        // No SMS gateway exists (docs/mail.md): outside production the page shows the code, so one person can try the
        // product; production never answers it.
        if (sent.ok) return reply.code(202).send({ expires_in: CODE_MINUTES * 60, ...(deps.config.developmentMode ? { development_code: sent.code } : {}) });
        if (sent.reason === 'not_mobile') return invalid(reply, 'NOT_A_MOBILE_NUMBER', { mobile_number: [phoneVerificationMessages.notMobile] });
        reply.header('retry-after', 600);
        return sendProblem(reply, problem(429, 'TOO_MANY_CODES', phoneVerificationMessages.tooManyCodes));
      },
    );

    app.get(
      '/v1/users/phone_verification',
      {
        onRequest: allow(deps, { allowCreating: true }),
        preHandler: phoneCheckLimits,
        schema: {
          tags: TAGS,
          summary: 'Check the SMS code for the number it was sent to; a right code verifies the number',
          querystring: phoneVerificationCheck,
          response: { 200: z.object({ verified: z.literal(true), country_code: z.string(), mobile_number: z.string() }), 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).userId;
        const { country_code, mobile_number, verification_code } = request.query;
        const checked = await checkPhoneCode(db, secrets.accessTokenKey, { userId, countryCode: country_code, mobileNumber: mobile_number, code: verification_code, now: clock.now() });
        if (checked !== 'verified') {
          const message = { wrong: phoneVerificationMessages.wrong, expired: phoneVerificationMessages.expired, too_many_attempts: phoneVerificationMessages.tooManyAttempts }[checked];
          return invalid(reply, 'VERIFICATION_CODE_INVALID', { verification_code: [message] });
        }
        const result = await run(request, { type: 'VerifyMobileNumber', data: { user_id: userId, country_code, mobile_number } });
        if (!result.ok) return sendDomainError(reply, result.error);
        // The profile form saves right after this: it must find the number verified.
        answerPosition(reply, result.position);
        if (result.position) await waitForProjections(db, ['users'], result.position, { timeoutMs: 5000 });
        return { verified: true as const, country_code, mobile_number };
      },
    );

    /**
     * The wizard's overview (spec 2 §2): the customer creating the first post gives name, e-mail, the mobile number
     * proved by an SMS code, and a password. The address is reserved first; a changed address frees the old one.
     */
    async function registerCustomer(request: FastifyRequest, reply: FastifyReply, row: UserRow, user: CustomerRegistration) {
      if (row.user_type !== 'customer' || row.status !== 'creating') {
        return sendProblem(reply, problem(403, userErrors.notCreating, 'Only a customer creating the first post registers this way.'));
      }
      if (row.verified_mobile !== `${user.country_code}${user.mobile_number}`) {
        return invalid(reply, 'MOBILE_NOT_VERIFIED', { 'user.mobile_number': [unverifiedMobileMessage] });
      }
      const context = { userId: row.uuid, correlationId: request.id, causationId: null, now: clock.now() };
      if (!(await reserveEmail(deps, user.email, row.uuid, context))) {
        return invalid(reply, emailTakenError, { 'user.email': ['takenEmail'] });
      }
      if (row.email && row.email !== user.email) await releaseEmail(deps, row.email, row.uuid, context);
      const { password, password_confirmation: _confirmation, ...personal } = user;
      const result = await run(request, { type: 'RegisterCustomer', data: { user_id: row.uuid, personal, password_hash: await hashPassword(password) } });
      if (!result.ok) return sendDomainError(reply, result.error);
      answerPosition(reply, result.position);
      if (result.position) await waitForProjections(db, ['users'], result.position, { timeoutMs: 5000 });
      const updated = await findUser(db, row.uuid);
      return updated ? reply.code(200).send(toUserView(updated)) : reply.code(202).send({ uuid: row.uuid });
    }

    /**
     * spec 2 §4 "Creating a customer user may resend an incomplete-post link": an e-mail with a link that resumes the
     * own pending post (projections/identity-mail, template incomplete-post). Someone else's post reads as not found.
     */
    async function resendIncompletePostLink(request: FastifyRequest, reply: FastifyReply, postId: string) {
      const userId = callerOf(request).userId;
      const post = await findPost(db, postId);
      if (!post || post.owner_id !== userId) return sendProblem(reply, problem(404, postErrors.notFound, 'Post not found.'));
      if (post.status !== 'pending') return sendProblem(reply, problem(409, postErrors.notEditable, 'This post is no longer being created.'));
      const result = await run(request, { type: 'RequestIncompletePostLink', data: { user_id: userId, post_id: postId } });
      if (!result.ok) return sendProblem(reply, problem(409, result.error.code, result.error.message));
      answerPosition(reply, result.position);
      return reply.code(202).send({ uuid: userId });
    }

    app.patch(
      '/v2/users/:uuid',
      {
        onRequest: allow(deps, { allowCreating: true }),
        // Only the own account, and before the body is looked at: another user's path learns nothing.
        preValidation: async (request, reply) => {
          if ((request.params as { uuid?: unknown }).uuid !== callerOf(request).userId) return sendProblem(reply, forbidden());
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `password-change:${callerOf(request).userId}` } },
        schema: {
          tags: TAGS,
          summary: 'Change the own password (operation update_password; every session ends, this one gets new tokens), register the wizard\'s customer (update), or e-mail the link resuming a pending post (resend_incomplete_post_link)',
          params: z.object({ uuid: z.uuid() }),
          body: z.discriminatedUnion('operation', [updatePasswordBody, registerCustomerBody, resendIncompletePostLinkBody], { error: 'Unknown operation.' }),
          response: { 200: z.union([tokenResponse, userView]), 202: userAccepted, 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const row = await findUser(db, callerOf(request).userId);
        if (!row) return sendProblem(reply, problem(404, userErrors.notFound, 'User not found.'));
        const body = request.body;
        if (body.operation === 'update') return registerCustomer(request, reply, row, body.user);
        if (body.operation === 'resend_incomplete_post_link') return resendIncompletePostLink(request, reply, body.post_uuid);
        const currentOk = row.password_hash !== null && (await verifyPassword(row.password_hash, body.current_password));
        if (!currentOk) return invalid(reply, 'CURRENT_PASSWORD_WRONG', { current_password: [wrongCurrentPassword] });
        const password_hash = await hashPassword(body.password);
        const result = await run(request, { type: 'ChangePassword', data: { user_id: row.uuid, password_hash } });
        if (!result.ok) return sendDomainError(reply, result.error);
        answerPosition(reply, result.position);
        // The next log-in must see the new password.
        if (result.position) await waitForProjections(db, ['users'], result.position, { timeoutMs: 5000 });
        // docs/security.md "Password change": every session ends (other devices are out at their next request);
        // this browser goes on with a new one.
        const now = clock.now();
        await revokeAllRefreshTokens(db, row.uuid, now);
        deps.callers?.forget(row.uuid);
        return issueSessionTokens(db, secrets.accessTokenKey, { userId: row.uuid, userType: row.user_type }, now);
      },
    );
  };

/** Only what differs from the stored details, so saving an unchanged form records nothing. */
function changedDetails(row: UserRow, wanted: OwnDetails, avatar_file_id: string | null | undefined): UserDetailChanges {
  const changes: UserDetailChanges = {};
  if (wanted.first_name !== row.first_name) changes.first_name = wanted.first_name;
  if (wanted.last_name !== row.last_name) changes.last_name = wanted.last_name;
  if (wanted.country_code !== row.country_code) changes.country_code = wanted.country_code;
  if (wanted.mobile_number !== row.mobile_number) changes.mobile_number = wanted.mobile_number;
  if (avatar_file_id !== undefined && avatar_file_id !== row.avatar_file_id) changes.avatar_file_id = avatar_file_id;
  if (wanted.address !== undefined) {
    const same =
      wanted.address === null
        ? row.address === null
        : row.address !== null && (['line1', 'suburb', 'state', 'postcode'] as const).every((key) => row.address?.[key] === wanted.address?.[key]);
    if (!same) changes.address = wanted.address;
  }
  return changes;
}
