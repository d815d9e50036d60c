import type { FastifyReply, FastifyRequest } from 'fastify';
import { productNamesOf } from '../../projections/financial-institution-products/queries';
import { namedProductView } from './product-views';
import { z } from 'zod';
import type { TemplateRequest } from '../../application/bid-templates/template-request';
import type { ChangeBidTemplateResult } from '../../application/bid-templates/change-bid-template';
import type { BidTemplateView } from '../../contracts/bid-template';
import { seesOwner, type TemplateViewer } from '../../domain/bid-template/access';
import { bidTemplateErrors, type BidTemplateError } from '../../domain/bid-template/decider';
import type { Position } from '../../infrastructure/event-store/event-store';
import type { BidTemplateRow } from '../../projections/bid-templates/bid-templates';
import { findBidTemplate } from '../../projections/bid-templates/queries';
import { providerNamesOf } from '../../projections/bids/queries';
import { findOrganisation } from '../../projections/organisations/queries';
import { waitForProjections } from '../../projections/projection-status';
import { allow, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';

// What the bid template routes share (bid-templates.ts, bid-template-rules.ts; docs/bid-templates.md): who may call
// them, the template as answered, and refusals as problem+json.

export const TAGS = ['bid templates'];
export const params = z.object({ id: z.uuid() });
export const READ_MODELS = ['bid_templates'] as const;
export const templateResponses = problemResponses;

/** spec 3 §6: providers and admins; a customer is refused ('Access denied!' on the screens). */
export const providerOrAdmin = (deps: AppDependencies) => allow(deps, { userTypes: ['fsp', 'admin'], permission: 'view' });

export const templateRequestOf = (request: FastifyRequest): TemplateRequest => ({ caller: callerOf(request), correlationId: request.id });

/** Field errors under the body's wrapper for the details; a refusal of the rules names its own fields. */
export const templateProblem = (error: BidTemplateError, wrapper?: string) => domainProblem(error, wrapper && error.code === bidTemplateErrors.invalid ? { wrapper } : {});
export const templateNotFound = () => domainProblem({ code: bidTemplateErrors.notFound, message: 'Bid template not found.' });

/** The templates as answered, with the owner's name for those who may see it (spec 3 §6) and the organisation's. */
export async function toTemplateViews(deps: AppDependencies, viewer: TemplateViewer, rows: readonly BidTemplateRow[]): Promise<BidTemplateView[]> {
  const names = seesOwner(viewer) ? await providerNamesOf(deps.db, rows.map((row) => row.owner_id)) : new Map<string, string>();
  const products = await productNamesOf(deps.db, rows.map((row) => row.details.financial_institution_product));
  const organisations = new Map<string, string | null>();
  for (const uuid of new Set(rows.map((row) => row.organisation_uuid))) organisations.set(uuid, (await findOrganisation(deps.db, uuid))?.name ?? null);
  return rows.map((row) => ({
    uuid: row.uuid,
    revision: row.revision,
    fsp_user_uuid: row.owner_id,
    fsp_name: names.get(row.owner_id) || null,
    organisation_uuid: row.organisation_uuid,
    organisation_name: organisations.get(row.organisation_uuid) ?? null,
    name: row.name,
    bid_type: row.bid_type,
    interest_rate: row.interest_rate,
    comparison_rate: row.comparison_rate,
    computed_comparison_rate: row.computed_comparison_rate,
    maximum_lvr: row.maximum_lvr,
    auto_bidding: row.auto_bidding,
    valid_for: row.valid_for,
    expiry_on: row.expiry_on?.toISOString() ?? null,
    public: row.public,
    auto_bidding_review_period: row.auto_bidding_review_period,
    auto_bidding_scope: row.auto_bidding_scope,
    interactive_matching: row.interactive_matching,
    interactive_matching_valid_for: row.interactive_matching_valid_for,
    interactive_matching_expiration_date: row.interactive_matching_expiration_date,
    improvement: row.improvement,
    home_loan_bid_template: row.details,
    financial_institution_product: namedProductView(products.get(row.details.financial_institution_product ?? '')),
    qualifying_rules: row.qualifying_rules,
    conditional_rules: row.conditional_rules,
    location_list_type: row.location_list_type,
    location_rules: row.location_rules,
    cloned_from: row.cloned_from,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

/** After a write: the template as the read model holds it once the write is projected. */
export async function answerTemplate(deps: AppDependencies, viewer: TemplateViewer, reply: FastifyReply, templateId: string, position: Position | null, status = 200) {
  if (position) await waitForProjections(deps.db, READ_MODELS, position);
  answerPosition(reply, position);
  const row = await findBidTemplate(deps.db, templateId);
  if (!row) return reply.code(204).send();
  const [view] = await toTemplateViews(deps, viewer, [row]);
  return reply.code(status).send(view);
}

/** A change's answer: the template after it, or the refusal. */
export async function answerChange(deps: AppDependencies, viewer: TemplateViewer, reply: FastifyReply, templateId: string, result: ChangeBidTemplateResult, options: { wrapper?: string; status?: number } = {}) {
  if (!result.ok) return sendProblem(reply, templateProblem(result.error, options.wrapper));
  return answerTemplate(deps, viewer, reply, templateId, result.position ?? result.streamPosition, options.status);
}
