import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeBidTemplate } from '../../application/bid-templates/change-bid-template';
import { templateActorOf } from '../../application/bid-templates/template-request';
import { bidFieldsView, bidTemplateView, conditionalRuleBody, locationRuleBody, qualifyingRulesBody, ruleFieldsView } from '../../contracts/bid-template';
import { maySeeTemplate } from '../../domain/bid-template/access';
import { modifierTypes } from '../../domain/bid-template/modifiers';
import { modifiableBidFieldNames, modifiableBidFields, ruleFields } from '../../domain/bid-template/rule-fields';
import { findBidTemplate, findBidTemplateByRule } from '../../projections/bid-templates/queries';
import type { AppDependencies } from '../dependencies';
import { sendProblem } from '../problem';
import { answerChange, params, providerOrAdmin, TAGS, templateNotFound, templateRequestOf, templateResponses } from './bid-template-replies';

// spec 3 §7 "Conditional rules", "Qualifying and location rules" (docs/bid-templates.md "The rule model"): what a rule
// can test and change, and a template's rules. Each change answers the whole template, as the wizard shows it.

const bidFieldRecords = modifiableBidFieldNames.map((name) => {
  const field = modifiableBidFields[name];
  return {
    uuid: name,
    label: field.label,
    field_type: field.field_type,
    ...('min' in field ? { min: field.min, max: field.max } : {}),
    modifiers: modifierTypes.filter((type) => (type === 'new_boolean_value') === (field.field_type === 'other')),
  };
});
const ruleFieldRecords = ruleFields.map(({ uuid, name, label, ...type }) =>
  type.field_type === 'multiple_choice' ? { uuid, name, label, field_type: type.field_type, options: [...type.options] } : { uuid, name, label, ...type },
);

export const bidTemplateRuleRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const guard = providerOrAdmin(deps);
    const viewerOf = (request: Parameters<typeof templateRequestOf>[0]) => templateActorOf(templateRequestOf(request));

    app.get('/v4/template_rule_fields', { onRequest: guard, schema: { tags: TAGS, summary: 'What a rule can test about a post', response: { 200: ruleFieldsView, ...templateResponses } } }, async () => ({
      records: ruleFieldRecords,
    }));

    app.get('/v2/template_bid_fields', { onRequest: guard, schema: { tags: TAGS, summary: 'The bid fields a modifier can change, with the modifiers that fit each', response: { 200: bidFieldsView, ...templateResponses } } }, async () => ({
      records: bidFieldRecords,
    }));

    app.get(
      '/v4/home_loan_bid_templates/:id/template_qualifying_rules',
      { onRequest: guard, schema: { tags: TAGS, summary: "A template's qualifying rules", params, response: { 200: z.object({ records: bidTemplateView.shape.qualifying_rules }), ...templateResponses } } },
      async (request, reply) => {
        const row = await findBidTemplate(db, request.params.id);
        if (!row || !maySeeTemplate(viewerOf(request), row)) return sendProblem(reply, templateNotFound());
        return { records: row.qualifying_rules };
      },
    );

    app.post(
      '/v4/home_loan_bid_templates/:id/template_qualifying_rules',
      {
        onRequest: guard,
        schema: { tags: TAGS, summary: "Set a template's qualifying rules (ranges need both ends within the field's bounds: 422 MISSING_QUALIFYING_RULES)", params, body: qualifyingRulesBody, response: { 200: bidTemplateView, ...templateResponses } },
      },
      async (request, reply) => {
        const { template_qualifying_rules, revision } = request.body;
        const result = await changeBidTemplate(deps, templateRequestOf(request), { type: 'SetQualifyingRules', data: { template_id: request.params.id, rules: template_qualifying_rules, expected_revision: revision ?? null } });
        return answerChange(deps, viewerOf(request), reply, request.params.id, result);
      },
    );

    app.post(
      '/v2/home_loan_bid_templates/:id/template_conditional_fields',
      { onRequest: guard, schema: { tags: TAGS, summary: 'Add a conditional rule: a bid field, its conditions and one modifier', params, body: conditionalRuleBody, response: { 201: bidTemplateView, ...templateResponses } } },
      async (request, reply) => {
        const { template_conditional_field, revision } = request.body;
        const rule = { ...template_conditional_field, uuid: deps.ids.uuid() };
        const result = await changeBidTemplate(deps, templateRequestOf(request), { type: 'SaveConditionalRule', data: { template_id: request.params.id, rule, expected_revision: revision ?? null } });
        return answerChange(deps, viewerOf(request), reply, request.params.id, result, { status: 201 });
      },
    );

    app.patch(
      '/v2/template_conditional_fields/:id',
      { onRequest: guard, schema: { tags: TAGS, summary: 'Change a conditional rule', params, body: conditionalRuleBody, response: { 200: bidTemplateView, ...templateResponses } } },
      async (request, reply) => {
        const row = await findBidTemplateByRule(db, 'conditional_rules', request.params.id);
        if (!row) return sendProblem(reply, templateNotFound());
        const { template_conditional_field, revision } = request.body;
        const rule = { ...template_conditional_field, uuid: request.params.id };
        const result = await changeBidTemplate(deps, templateRequestOf(request), { type: 'SaveConditionalRule', data: { template_id: row.uuid, rule, expected_revision: revision ?? null } });
        return answerChange(deps, viewerOf(request), reply, row.uuid, result);
      },
    );

    app.delete(
      '/v2/template_conditional_fields/:id',
      { onRequest: guard, schema: { tags: TAGS, summary: 'Delete a conditional rule', params, response: { 200: bidTemplateView, ...templateResponses } } },
      async (request, reply) => {
        const row = await findBidTemplateByRule(db, 'conditional_rules', request.params.id);
        if (!row) return sendProblem(reply, templateNotFound());
        const result = await changeBidTemplate(deps, templateRequestOf(request), { type: 'DeleteConditionalRule', data: { template_id: row.uuid, rule_id: request.params.id } });
        return answerChange(deps, viewerOf(request), reply, row.uuid, result);
      },
    );

    app.post(
      '/v2/home_loan_bid_templates/:id/template_location_rules',
      { onRequest: guard, schema: { tags: TAGS, summary: "Add a place to the template's whitelist. The screens toast 'Added' / 'The location rule has been saved.'", params, body: locationRuleBody, response: { 201: bidTemplateView, ...templateResponses } } },
      async (request, reply) => {
        const { template_location_rule, revision } = request.body;
        const rule = { ...template_location_rule, uuid: deps.ids.uuid() };
        const result = await changeBidTemplate(deps, templateRequestOf(request), { type: 'AddLocationRule', data: { template_id: request.params.id, rule, expected_revision: revision ?? null } });
        return answerChange(deps, viewerOf(request), reply, request.params.id, result, { status: 201 });
      },
    );

    app.delete(
      '/v2/template_location_rules/:id',
      { onRequest: guard, schema: { tags: TAGS, summary: "Delete a place. The screens toast 'Delete' / 'The location rule has been deleted.'", params, response: { 200: bidTemplateView, ...templateResponses } } },
      async (request, reply) => {
        const row = await findBidTemplateByRule(db, 'location_rules', request.params.id);
        if (!row) return sendProblem(reply, templateNotFound());
        const result = await changeBidTemplate(deps, templateRequestOf(request), { type: 'DeleteLocationRule', data: { template_id: row.uuid, rule_id: request.params.id } });
        return answerChange(deps, viewerOf(request), reply, row.uuid, result);
      },
    );
  };
