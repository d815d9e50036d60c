import { z } from 'zod';
import { loanPurposes, loanTypes } from '../domain/post/constants';

// What the API answers about an external deal (`GET /v1/external_deals/{id}`, docs/external-deals.md); the edit
// form parses the answer with this schema.

const person = z.object({ uuid: z.uuid(), first_name: z.string().nullable(), last_name: z.string().nullable(), email: z.string().nullable() });

export const externalDealView = z.object({
  /** The external deal's id: also the post id of its deals (the post of origin external). */
  uuid: z.uuid(),
  origin: z.literal('external'),
  customer: person.extend({ country_code: z.string().nullable(), mobile_number: z.string().nullable() }),
  /** The customer was created with the deal (origin external). */
  new_customer: z.boolean(),
  fsp_user_uuids: z.array(z.uuid()),
  providers: z.array(person.extend({ organisation_uuid: z.uuid(), bid_id: z.uuid(), deal_id: z.uuid() })),
  loan: z.object({
    loan_type: z.enum(loanTypes),
    loan_purpose: z.enum(loanPurposes),
    loan_amount: z.number(),
    property_market_value: z.number(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExternalDealView = z.infer<typeof externalDealView>;
