import { z } from 'zod';
import { traceSteps } from '../domain/bid-template/evaluation';
import { loanTypes, postSortKeys } from '../domain/post/schemas';

// The auto-bidding simulation as the API takes and answers it (spec 3 §4, §7; docs/auto-bidding.md "Simulation").

/**
 * `PATCH /v1/home_loan_bid_templates/{id}` with execute_automatic_bidding (spec 3 §4: "takes a mode (simulation or a
 * given mode) and type template"). Only the simulation is built; `review_period` is 1 to the provider's
 * max_auto_bidding_review_period (default 14), absent for the maximum.
 */
export const executeAutomaticBiddingBody = z.strictObject({
  operation: z.literal('execute_automatic_bidding'),
  mode: z.literal('simulation', { error: 'The mode must be simulation.' }),
  type: z.literal('template', { error: 'The type must be template.' }),
  review_period: z.number({ error: 'Choose a review period in days.' }).int('Choose a review period in days.').nullable().optional(),
});
export type ExecuteAutomaticBiddingBody = z.infer<typeof executeAutomaticBiddingBody>;

/** 202: the simulation is recorded and runs in the background; its page and e-mail follow. */
export const simulationRequested = z.object({
  simulation_uuid: z.uuid(),
  home_loan_bid_template_uuid: z.uuid(),
  status: z.literal('requested'),
  review_period: z.number().int(),
});
export type SimulationRequested = z.infer<typeof simulationRequested>;

const limitProjection = z.object({ used: z.number().int(), projected: z.number().int(), limit: z.number().int().nullable(), level: z.enum(['ok', 'warning', 'maxed']) });

export const simulationResultView = z.object({
  posts_considered: z.number().int(),
  posts_matched: z.number().int(),
  posts_won: z.number().int(),
  matched: z.array(
    z.object({
      post_id: z.uuid(),
      published_at: z.string(),
      loan_amount: z.number().nullable(),
      lvr: z.number().nullable(),
      interest_rate: z.number(),
      comparison_rate: z.number(),
      sort_by: z.enum(postSortKeys),
      place: z.number().int(),
      of: z.number().int(),
      /**
       * What names the post on the page (web/lib/post-title.ts), read when the page is asked for: its loan type and
       * the property's suburb and state, as a provider sees them. Null: the post was deleted since.
       */
      post: z.object({ loan_type: z.enum(loanTypes).nullable(), suburb: z.string().nullable(), state: z.string().nullable() }).nullable(),
    }),
  ),
  why_not: z.array(z.object({ step: z.enum([...traceSteps, 'post']), rule: z.string(), posts: z.number().int() })),
  limits: z.object({ accepted: limitProjection, contacted: limitProjection }),
});

export const simulationStatuses = ['requested', 'running', 'done', 'failed'] as const;

export const simulationView = z.object({
  uuid: z.uuid(),
  home_loan_bid_template_uuid: z.uuid(),
  /** As the run found it; null before it starts. */
  template_name: z.string().nullable(),
  status: z.enum(simulationStatuses),
  review_period: z.number().int(),
  /** The posts published after `period_from` and up to `period_to` (the request) are simulated. */
  period_from: z.string(),
  period_to: z.string(),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  failure: z.string().nullable(),
  result: simulationResultView.nullable(),
});
export type SimulationView = z.infer<typeof simulationView>;

/** A template's last simulations, newest first (without their results). */
export const simulationList = z.object({ records: z.array(simulationView.omit({ result: true })) });
export type SimulationList = z.infer<typeof simulationList>;
