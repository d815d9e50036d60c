import { describe, expect, it } from 'vitest';
import type { TemplateActor } from '../bid-template/commands';
import { bidTemplateErrors } from '../bid-template/decider';
import { defaultPermissions } from '../user/permissions';
import type { AutoBiddingSimulationCommand } from './commands';
import { autoBiddingSimulationDecider, type AutoBiddingSimulationState } from './decider';
import type { AutoBiddingSimulationEvent } from './events';
import type { SimulationResult } from './simulation';

const given = (events: AutoBiddingSimulationEvent[]) => ({
  when: (command: AutoBiddingSimulationCommand) => autoBiddingSimulationDecider.decide(command, events.reduce(autoBiddingSimulationDecider.evolve, autoBiddingSimulationDecider.initialState() as AutoBiddingSimulationState)),
});

describe('asking for a simulation', () => {
  it('records the request with the review period chosen, by whoever sees the template', () => {
    for (const actor of [owner, admin, viewingColleague]) {
      const decision = given([]).when(request(actor, 7));
      expect(decision).toEqual({ ok: true, events: [{ type: 'AutoBiddingSimulationRequested', data: { ...requested.data, review_period: 7, requested_by: actor.user_id } }] });
    }
  });

  it('takes the owner’s maximum when no review period is sent', () => {
    const decision = given([]).when(request(owner, null));
    expect(decision.ok && decision.events[0]?.type === 'AutoBiddingSimulationRequested' && decision.events[0].data.review_period).toBe(14);
  });

  it('refuses a review period outside 1 to the maximum, naming the field', () => {
    for (const days of [0, 15, 30, 1.5]) {
      const decision = given([]).when(request(owner, days));
      expect(decision).toMatchObject({ ok: false, error: { code: bidTemplateErrors.invalid, errors: { review_period: ['Choose a review period from 1 to 14 days.'] } } });
    }
  });

  it('refuses a customer, and tells a provider who does not see the template that it is not found', () => {
    expect(given([]).when(request(customer, 7))).toMatchObject({ ok: false, error: { code: bidTemplateErrors.notAllowed } });
    expect(given([]).when(request(otherProvider, 7))).toMatchObject({ ok: false, error: { code: bidTemplateErrors.notFound } });
    expect(given([]).when(request(colleague, 7))).toMatchObject({ ok: false, error: { code: bidTemplateErrors.notFound } });
  });
});

describe('running it', () => {
  it('starts once and completes once: a replayed run records nothing', () => {
    const started = given([requested]).when(start);
    expect(started.ok && started.events.map((e) => e.type)).toEqual(['AutoBiddingSimulationStarted']);
    const startedEvent = { type: 'AutoBiddingSimulationStarted', data: { ...start.data, started_at: now } } as const;
    expect(given([requested, startedEvent]).when(start)).toEqual({ ok: true, events: [] });
    const completed = given([requested, startedEvent]).when(complete);
    expect(completed).toEqual({ ok: true, events: [{ type: 'AutoBiddingSimulationCompleted', data: { ...complete.data, requested_by: ownerId, completed_at: now } }] });
    const completedEvent = completed.ok ? completed.events[0]! : startedEvent;
    expect(given([requested, startedEvent, completedEvent]).when(complete)).toEqual({ ok: true, events: [] });
    expect(given([requested, startedEvent, completedEvent]).when(start)).toEqual({ ok: true, events: [] });
  });

  it('completes only a run that started', () => {
    expect(given([requested]).when(complete)).toEqual({ ok: true, events: [] });
  });

  it('fails when the template is gone, once', () => {
    const fail = { type: 'FailSimulation', data: { simulation_id: simulationId, template_id: templateId, reason: 'template_deleted' }, metadata: { now } } as const;
    const failed = given([requested]).when(fail);
    expect(failed.ok && failed.events.map((e) => e.type)).toEqual(['AutoBiddingSimulationFailed']);
    expect(given([requested, ...(failed.ok ? failed.events : [])]).when(fail)).toEqual({ ok: true, events: [] });
  });
});

const simulationId = '9a0c1c1e-7a51-4c3e-9f1a-000000000001';
const templateId = '5d0c1c1e-7a51-4c3e-9f1a-000000000001';
const ownerId = '5d0c1c1e-7a51-4c3e-9f1a-0000000000f1';
const brokerOrg = '5d0c1c1e-7a51-4c3e-9f1a-0000000000a1';
const now = '2026-11-27T10:00:00.000Z';
const fsp = (user_id: string, organisation_uuid: string, extra: Partial<TemplateActor['permissions']> = {}): TemplateActor => ({
  user_id,
  user_type: 'fsp',
  organisation_uuid,
  permissions: { ...defaultPermissions('fsp'), ...extra },
});
const owner = fsp(ownerId, brokerOrg);
const colleague = fsp('5d0c1c1e-7a51-4c3e-9f1a-0000000000f2', brokerOrg);
const viewingColleague = fsp('5d0c1c1e-7a51-4c3e-9f1a-0000000000f3', brokerOrg, { view_bid_templates_within_organisation: true });
const otherProvider = fsp('5d0c1c1e-7a51-4c3e-9f1a-0000000000f9', '5d0c1c1e-7a51-4c3e-9f1a-0000000000a9', { view_bid_templates_within_organisation: true });
const admin: TemplateActor = { user_id: '5d0c1c1e-7a51-4c3e-9f1a-0000000000ad', user_type: 'admin', organisation_uuid: null, permissions: defaultPermissions('admin') };
const customer: TemplateActor = { user_id: '5d0c1c1e-7a51-4c3e-9f1a-0000000000c1', user_type: 'customer', organisation_uuid: null, permissions: defaultPermissions('customer') };

const request = (actor: TemplateActor, review_period: number | null): AutoBiddingSimulationCommand => ({
  type: 'RequestSimulation',
  data: { simulation_id: simulationId, template: { template_id: templateId, owner_id: ownerId, owner_organisation_uuid: brokerOrg }, review_period, max_review_period: 14 },
  metadata: { actor, now },
});
const requested: AutoBiddingSimulationEvent = {
  type: 'AutoBiddingSimulationRequested',
  data: { simulation_id: simulationId, template_id: templateId, owner_id: ownerId, owner_organisation_uuid: brokerOrg, review_period: 7, requested_by: ownerId, requested_at: now },
};
const start = { type: 'StartSimulation', data: { simulation_id: simulationId, template_id: templateId, template_revision: 3, template_name: 'Owner occupiers' }, metadata: { now } } as const;
const result: SimulationResult = {
  posts_considered: 0,
  posts_matched: 0,
  posts_won: 0,
  matched: [],
  why_not: [],
  limits: { accepted: { used: 0, projected: 0, limit: null, level: 'ok' }, contacted: { used: 0, projected: 0, limit: null, level: 'ok' } },
};
const complete = { type: 'CompleteSimulation', data: { simulation_id: simulationId, template_id: templateId, template_name: 'Owner occupiers', result }, metadata: { now } } as const;
