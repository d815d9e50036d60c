import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ExternalDealCommand } from '../../domain/external-deal/commands';
import { type ExternalDealError, externalDealDecider, externalDealErrors } from '../../domain/external-deal/decider';
import { type ExternalDealProvider, externalDealStream } from '../../domain/external-deal/events';
import { externalDealChangesSchema, externalDealFormSchema, type FieldErrors, type NewExternalCustomer } from '../../domain/external-deal/schemas';
import { type ExternalDealView, externalDealView } from '../../contracts/external-deal';
import { userDecider } from '../../domain/user/decider';
import { emailTakenMessage } from '../../domain/user/email-reservation';
import { userStream } from '../../domain/user/events';
import { type CommandContext, handleCommand, loadState } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { derivedUuid } from '../../infrastructure/ids';
import { dealIdOf } from '../../projections/deals/deal-opener';
import { findDeal } from '../../projections/deals/queries';
import type { ExternalDealRow } from '../../projections/external-deals/external-deals';
import { findExternalDeal } from '../../projections/external-deals/queries';
import { waitForProjections } from '../../projections/projection-status';
import { findUser } from '../../projections/users/queries';
import { adminOnly, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { reserveEmail } from '../../application/users/email-reservations';

// External deals (spec 1 §2 "/external-deal/{mode}/{uuid}", §5, §8; spec 3 §2, §5, §7, §9): an admin records a deal
// made outside the auction: a customer (chosen, or created with origin external and country code 61), one or more
// providers and the loan. The external deal's stream is the post of origin external; the external-deal reactor
// opens one deal per provider with the activity external_created. Admins only. docs/external-deals.md.

const TAGS = ['external deals'];
const WAIT_MS = 5000;
const READ_MODELS = ['external-deals', 'external-deal-opener', 'deals', 'users'];
const idParams = z.object({ id: z.uuid() });

const notFound = () => problem(404, 'EXTERNAL_DEAL_NOT_FOUND', 'External deal not found.');
const invalid = (errors: FieldErrors) => problem(422, 'VALIDATION_FAILED', 'The request has invalid fields.', errors);
const iso = (date: Date) => date.toISOString();

/** Each provider's external bid and deal ids derive from the external deal's id: a retry names the same ones. */
export const externalBidIdOf = (externalDealId: string, providerId: string) => derivedUuid('external_bid', externalDealId, providerId);
/** A customer created with an external deal: its id derives from the external deal's id, for the same reason. */
export const externalCustomerIdOf = (externalDealId: string) => derivedUuid('external_customer', externalDealId);

function externalDealProblem(error: ExternalDealError) {
  if (error.code === externalDealErrors.notFound) return notFound();
  if (error.code === externalDealErrors.notAllowed) return problem(403, 'FORBIDDEN', error.message);
  if (error.code === externalDealErrors.alreadyExists) return problem(409, error.code, error.message);
  return problem(422, 'VALIDATION_FAILED', error.message, error.errors);
}

export const externalDealRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, ids, clock, secrets } = deps;
    const admins = adminOnly(deps);

    /** The chosen providers as the deal records them, or the field errors (not a provider, no organisation). */
    async function providersOf(externalDealId: string, uuids: readonly string[]): Promise<{ ok: true; providers: ExternalDealProvider[] } | { ok: false; errors: FieldErrors }> {
      const users = await Promise.all(uuids.map((uuid) => findUser(db, uuid)));
      const providers: ExternalDealProvider[] = [];
      for (const [index, user] of users.entries()) {
        if (!user || user.user_type !== 'fsp' || !user.organisation_uuid) return { ok: false, errors: { [`fsp_user_uuids.${index}`]: ['Choose a provider of an organisation'] } };
        const bid_id = externalBidIdOf(externalDealId, user.uuid);
        providers.push({ provider_id: user.uuid, organisation_id: user.organisation_uuid, bid_id, deal_id: dealIdOf(bid_id) });
      }
      return { ok: true, providers };
    }

    async function viewOf(row: ExternalDealRow): Promise<ExternalDealView> {
      const [customer, ...providers] = await Promise.all([findUser(db, row.customer_id), ...row.providers.map((p) => findUser(db, p.provider_id))]);
      return {
        uuid: row.uuid,
        origin: 'external',
        customer: {
          uuid: row.customer_id,
          first_name: customer?.first_name ?? null,
          last_name: customer?.last_name ?? null,
          email: customer?.email ?? null,
          country_code: customer?.country_code ?? null,
          mobile_number: customer?.mobile_number ?? null,
        },
        new_customer: row.new_customer,
        fsp_user_uuids: row.providers.map((p) => p.provider_id),
        providers: row.providers.map((p, index) => ({
          uuid: p.provider_id,
          first_name: providers[index]?.first_name ?? null,
          last_name: providers[index]?.last_name ?? null,
          email: providers[index]?.email ?? null,
          organisation_uuid: p.organisation_id,
          bid_id: p.bid_id,
          deal_id: p.deal_id,
        })),
        loan: { loan_type: row.loan_type, loan_purpose: row.loan_purpose, loan_amount: row.loan_amount, property_market_value: row.property_market_value },
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
      };
    }

    /** Answers the external deal once its read model, its deals and its customer are readable (bounded wait). */
    async function answer(reply: FastifyReply, externalDealId: string, position: Position | null, status: number) {
      const deadline = Date.now() + WAIT_MS;
      if (position) await waitForProjections(db, READ_MODELS, position, { timeoutMs: WAIT_MS });
      answerPosition(reply, position);
      const row = await findExternalDeal(db, externalDealId);
      // The deals are opened by the reactor after this position: wait (bounded) until the board has them all.
      while (row && Date.now() < deadline && (await Promise.all(row.providers.map((p) => findDeal(db, p.deal_id)))).some((deal) => !deal)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Recorded, but the read model lagged past the bounded wait (a busy machine): the id, to read later.
      if (!row) return reply.code(202).send({ uuid: externalDealId });
      return reply.code(status).send(await viewOf(row));
    }

    /** The customer created with the deal: e-mail reserved, then the user stream, each step repeatable. */
    async function createCustomer(customerId: string, customer: NewExternalCustomer, context: CommandContext): Promise<{ ok: true; position: Position | null } | { ok: false; errors: FieldErrors }> {
      if (!(await reserveEmail({ store, ids, secrets }, customer.email, customerId, context))) return { ok: false, errors: { 'customer.email': [emailTakenMessage] } };
      const existing = await loadState(store, userStream(customerId), userDecider);
      if (existing.state.stage !== 'absent') return { ok: true, position: null }; // created by an earlier try
      const personal = { first_name: customer.first_name, last_name: customer.last_name, email: customer.email, country_code: '61', mobile_number: customer.mobile_number };
      // No password and no mail (docs/external-deals.md): the customer may set a password through recover-password.
      const created = await handleCommand({
        store,
        ids,
        streamId: userStream(customerId),
        decider: userDecider,
        command: { type: 'CreateCustomer', data: { user_id: customerId, personal, password_hash: null, status: 'active', origin: 'external' } },
        context,
      });
      if (!created.ok) throw new Error(`Creating an external customer failed: ${created.error.code}`);
      return { ok: true, position: created.position };
    }

    /** The command as the caller: only the metadata is added, so the union's member stays the same. */
    function asCaller(request: FastifyRequest, command: Omit<ExternalDealCommand, 'metadata'>, now: Date): ExternalDealCommand {
      const caller = callerOf(request);
      return { ...command, metadata: { actor: { user_id: caller.userId, admin: caller.userType === 'admin' }, now: now.toISOString() } } as ExternalDealCommand;
    }

    app.post(
      '/v1/external_deals',
      {
        onRequest: admins,
        schema: {
          tags: TAGS,
          summary: "Record an external deal: a customer (chosen, or new with origin external and country code 61), one or more providers and the loan; each provider's deal opens with 'External deal created'",
          body: externalDealFormSchema,
          response: { 201: externalDealView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const form = request.body;
        const externalDealId = form.uuid ?? ids.uuid();
        const now = clock.now();
        const context: CommandContext = { userId: caller.userId, correlationId: request.id, causationId: null, now };

        // Every check before the first write, so a refused request writes nothing.
        const errors: FieldErrors = {};
        if (form.customer_uuid) {
          const customer = await findUser(db, form.customer_uuid);
          if (!customer || customer.user_type !== 'customer') errors.customer_uuid = ['Choose a customer of the marketplace'];
        }
        const chosen = await providersOf(externalDealId, form.fsp_user_uuids);
        if (!chosen.ok) Object.assign(errors, chosen.errors);
        if (Object.keys(errors).length > 0 || !chosen.ok) return sendProblem(reply, invalid(errors));
        const customerId = form.customer_uuid ?? externalCustomerIdOf(externalDealId);
        const command = asCaller(
          request,
          { type: 'RecordExternalDeal', data: { external_deal_id: externalDealId, customer_id: customerId, new_customer: !form.customer_uuid, loan: form.loan, providers: chosen.providers } },
          now,
        );
        const current = await loadState(store, externalDealStream(externalDealId), externalDealDecider);
        const dryRun = externalDealDecider.decide(command, current.state);
        if (!dryRun.ok) return sendProblem(reply, externalDealProblem(dryRun.error));

        // The steps, each repeatable: a retry with the same uuid completes what a failed try left (docs/external-deals.md).
        if (form.customer) {
          const created = await createCustomer(customerId, form.customer, context);
          if (!created.ok) return sendProblem(reply, invalid(created.errors));
        }
        const result = await handleCommand({ store, ids, streamId: externalDealStream(externalDealId), decider: externalDealDecider, command, context });
        if (!result.ok) return sendProblem(reply, externalDealProblem(result.error));
        return answer(reply, externalDealId, result.position, 201);
      },
    );

    app.get(
      '/v1/external_deals/:id',
      {
        onRequest: admins,
        schema: { tags: TAGS, summary: 'An external deal for its edit form: customer, providers with their deals, loan', params: idParams, response: { 200: externalDealView, ...problemResponses } },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const row = await findExternalDeal(db, request.params.id);
        if (!row) return sendProblem(reply, notFound());
        return reply.send(await viewOf(row));
      },
    );

    app.patch(
      '/v1/external_deals/:id',
      {
        onRequest: admins,
        schema: {
          tags: TAGS,
          summary: 'Update an external deal: the loan, and providers added (each gets its deal; a provider is never taken off)',
          params: idParams,
          body: externalDealChangesSchema,
          response: { 200: externalDealView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const externalDealId = request.params.id;
        const current = await loadState(store, externalDealStream(externalDealId), externalDealDecider);
        if (current.state.status === 'absent') return sendProblem(reply, notFound());
        const chosen = await providersOf(externalDealId, request.body.fsp_user_uuids);
        if (!chosen.ok) return sendProblem(reply, invalid(chosen.errors));
        const now = clock.now();
        const command = asCaller(request, { type: 'UpdateExternalDeal', data: { external_deal_id: externalDealId, loan: request.body.loan, providers: chosen.providers } }, now);
        const caller = callerOf(request);
        const result = await handleCommand({
          store,
          ids,
          streamId: externalDealStream(externalDealId),
          decider: externalDealDecider,
          command,
          context: { userId: caller.userId, correlationId: request.id, causationId: null, now },
        });
        if (!result.ok) return sendProblem(reply, externalDealProblem(result.error));
        return answer(reply, externalDealId, result.position, 200);
      },
    );
  };
