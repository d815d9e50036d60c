import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { CampaignCommand } from './commands';
import { campaignDecider, campaignErrors } from './decider';
import type { CampaignDetails, CampaignEvent } from './events';
import { campaignFields, campaignMessages } from './schemas';
import { campaignSlugStream, reservationGraceMs, slugReservationDecider, slugTakenError } from './slug-reservation';

const given = specFor(campaignDecider);
const reservation = specFor(slugReservationDecider);

describe('a campaign', () => {
  describe('when it does not exist', () => {
    it('is created with its details', () => {
      expect(given([]).when(create(spring))).toEqual({ ok: true, events: [created(spring)] });
    });

    it('cannot be changed or removed', () => {
      expect(given([]).when(change({ name: 'X' }))).toEqual({ ok: false, error: { code: campaignErrors.notFound, message: campaignMessages.notFound } });
      expect(given([]).when(removeIt)).toMatchObject({ ok: false, error: { code: campaignErrors.notFound } });
    });

    it('keeps a $ benefit and commission within 0 to 100,000 (spec 3 §5)', () => {
      expect(given([]).when(create({ ...spring, benefit_value: 100_000, commission_value: 0 }))).toMatchObject({ ok: true });
      expect(given([]).when(create({ ...spring, benefit_value: 100_001 }))).toEqual({
        ok: false,
        error: { code: campaignErrors.benefitOutOfRange, message: 'Max value is 100,000' },
      });
      expect(given([]).when(create({ ...spring, commission_value: -1 }))).toEqual({
        ok: false,
        error: { code: campaignErrors.commissionOutOfRange, message: 'Min value is 0' },
      });
    });

    it('keeps a % benefit and commission within 0 to 100 (spec 3 §5)', () => {
      expect(given([]).when(create({ ...spring, benefit_type: '%', benefit_value: 100, commission_type: '%', commission_value: 0.5 }))).toMatchObject({ ok: true });
      expect(given([]).when(create({ ...spring, benefit_type: '%', benefit_value: 100.01 }))).toMatchObject({
        ok: false,
        error: { code: campaignErrors.benefitOutOfRange, message: 'Max value is 100' },
      });
      expect(given([]).when(create({ ...spring, commission_type: '%', commission_value: 250 }))).toMatchObject({
        ok: false,
        error: { code: campaignErrors.commissionOutOfRange },
      });
    });

    it('refuses to pay a mortgage broker (banned in Australia since 1 January 2021)', () => {
      expect(given([]).when(create({ ...spring, commission_payer: 'lender', commission_payee: 'broker' }))).toEqual({
        ok: false,
        error: { code: campaignErrors.brokerPayee, message: campaignMessages.brokerPayee },
      });
    });

    it('lets a broker pay, and fund the benefit', () => {
      expect(given([]).when(create({ ...spring, commission_payer: 'broker', commission_payee: 'marketplace', benefit_payer: 'broker' }))).toMatchObject({ ok: true });
    });

    it('refuses a commission paid by a party to itself', () => {
      expect(given([]).when(create({ ...spring, commission_payer: 'partner', commission_payee: 'partner' }))).toMatchObject({
        ok: false,
        error: { code: campaignErrors.samePayerAndPayee },
      });
    });
  });

  describe('when it exists', () => {
    it('cannot be created again', () => {
      expect(given([created(spring)]).when(create(spring))).toMatchObject({ ok: false, error: { code: campaignErrors.alreadyExists } });
    });

    it('records only the fields that changed', () => {
      expect(given([created(spring)]).when(change({ name: 'Spring 2027', status: 'active', slug: spring.slug }))).toEqual({
        ok: true,
        events: [{ type: 'CampaignDetailsChanged', data: { campaign_id: id, changes: { name: 'Spring 2027' } } }],
      });
    });

    it('records nothing when nothing changed', () => {
      expect(given([created(spring)]).when(change({ status: 'active' }))).toEqual({ ok: true, events: [] });
    });

    it('judges a change against the whole campaign: a % type makes the $ value too large', () => {
      expect(given([created({ ...spring, benefit_value: 2_000 })]).when(change({ benefit_type: '%' }))).toMatchObject({
        ok: false,
        error: { code: campaignErrors.benefitOutOfRange, message: 'Max value is 100' },
      });
    });

    it('refuses a change that would pay a broker', () => {
      expect(given([created(spring)]).when(change({ commission_payee: 'broker' }))).toMatchObject({ ok: false, error: { code: campaignErrors.brokerPayee } });
    });

    it('is deactivated and removed, the removal naming its slug', () => {
      expect(given([created(spring)]).when(change({ status: 'inactive' }))).toEqual({
        ok: true,
        events: [{ type: 'CampaignDetailsChanged', data: { campaign_id: id, changes: { status: 'inactive' } } }],
      });
      expect(given([created(spring)]).when(removeIt)).toEqual({ ok: true, events: [{ type: 'CampaignRemoved', data: { campaign_id: id, slug: 'spring-2027' } }] });
    });
  });

  describe('when it was removed', () => {
    const history: CampaignEvent[] = [created(spring), { type: 'CampaignRemoved', data: { campaign_id: id, slug: spring.slug } }];
    it('cannot be changed, removed again or created again', () => {
      expect(given(history).when(change({ name: 'Back' }))).toMatchObject({ ok: false, error: { code: campaignErrors.notFound } });
      expect(given(history).when(removeIt)).toMatchObject({ ok: false, error: { code: campaignErrors.notFound } });
      expect(given(history).when(create(spring))).toMatchObject({ ok: false, error: { code: campaignErrors.alreadyExists } });
    });
  });
});

describe('a campaign slug', () => {
  const now = '2026-11-29T10:00:00.000Z';
  const reserved = (campaign_id: string, at = now) => ({ type: 'CampaignSlugReserved' as const, data: { slug: 'spring-2027', campaign_id, reserved_at: at } });
  const reserve = (campaign_id: string, lapsed_holder: string | null = null, at = now) => ({
    type: 'ReserveCampaignSlug' as const,
    data: { slug: 'spring-2027', campaign_id, now: at, lapsed_holder },
  });

  it('is reserved by the first campaign that asks', () => {
    expect(reservation([]).when(reserve(id))).toEqual({ ok: true, events: [reserved(id)] });
  });

  it('is refused to a second campaign', () => {
    expect(reservation([reserved(id)]).when(reserve(other))).toEqual({ ok: false, error: { code: slugTakenError, message: campaignMessages.slugTaken } });
  });

  it('is kept by its holder without a new event', () => {
    expect(reservation([reserved(id)]).when(reserve(id))).toEqual({ ok: true, events: [] });
  });

  it('may be taken once released', () => {
    const released = { type: 'CampaignSlugReleased' as const, data: { slug: 'spring-2027', campaign_id: id } };
    expect(reservation([reserved(id), released]).when(reserve(other))).toEqual({ ok: true, events: [reserved(other)] });
    expect(reservation([reserved(id)]).when({ type: 'ReleaseCampaignSlug', data: { slug: 'spring-2027', campaign_id: other } })).toEqual({ ok: true, events: [] });
  });

  it('is taken over from a lapsed holder only after the grace period, never from a creation in flight', () => {
    const later = new Date(Date.parse(now) + reservationGraceMs + 1).toISOString();
    expect(reservation([reserved(id)]).when(reserve(other, id, now))).toMatchObject({ ok: false, error: { code: slugTakenError } });
    expect(reservation([reserved(id)]).when(reserve(other, id, later))).toEqual({ ok: true, events: [reserved(other, later)] });
    // The holder named lapsed must be the one holding it now (another took it meanwhile: refused).
    expect(reservation([reserved(third)]).when(reserve(other, id, later))).toMatchObject({ ok: false, error: { code: slugTakenError } });
  });

  it('has a stream per slug', () => {
    expect(campaignSlugStream('spring-2027')).toBe('campaign_slug-spring-2027');
  });
});

describe('the campaign form', () => {
  const errorsOf = (input: unknown) => {
    const parsed = campaignFields.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('requires name, slug and values; types, payers and status default (spec 3 §3, §5)', () => {
    expect(errorsOf({})).toEqual({ name: 'This field is required', slug: 'This field is required', benefit_value: 'This field is required', commission_value: 'This field is required' });
    expect(campaignFields.parse({ name: 'Spring', slug: 'spring', benefit_value: 1, commission_value: 2 })).toMatchObject({
      benefit_type: '$',
      commission_type: '$',
      status: 'active',
      benefit_payer: 'marketplace',
      commission_payer: 'lender',
      commission_payee: 'marketplace',
    });
  });

  it('takes only URL-safe slugs, as typed', () => {
    for (const slug of ['Spring', 'spring 2027', 'spring/2027', '-spring', 'früh', 'a?b=c', "x'--"]) expect(errorsOf({ ...spring, slug })).toEqual({ slug: campaignMessages.slug });
    for (const slug of ['spring', 'spring-2027', 'spring_2027', '2027']) expect(errorsOf({ ...spring, slug })).toEqual({});
  });

  it('shows the cross-field rules on their fields', () => {
    expect(errorsOf({ ...spring, benefit_type: '%', benefit_value: 101, commission_payee: 'broker' })).toEqual({
      benefit_value: 'Max value is 100',
      commission_payee: campaignMessages.brokerPayee,
    });
  });
});

// ── Fixtures ────────────────────────────────────────────────────────────────────────────────────────────────────────

const id = 'c0000000-0000-4000-8000-000000000001';
const other = 'c0000000-0000-4000-8000-000000000002';
const third = 'c0000000-0000-4000-8000-000000000003';
const product = '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b';
const spring: CampaignDetails = {
  name: 'Spring',
  slug: 'spring-2027',
  benefit_type: '$',
  benefit_value: 2_000,
  benefit_payer: 'lender',
  commission_type: '%',
  commission_value: 0.3,
  commission_payer: 'lender',
  commission_payee: 'marketplace',
  status: 'active',
};
const create = (details: CampaignDetails): CampaignCommand => ({ type: 'CreateCampaign', data: { campaign_id: id, product_id: product, ...details } });
const created = (details: CampaignDetails): CampaignEvent => ({ type: 'CampaignCreated', data: { campaign_id: id, product_id: product, ...details } });
const change = (changes: Partial<CampaignDetails>): CampaignCommand => ({ type: 'ChangeCampaign', data: { campaign_id: id, changes } });
const removeIt: CampaignCommand = { type: 'RemoveCampaign', data: { campaign_id: id } };
