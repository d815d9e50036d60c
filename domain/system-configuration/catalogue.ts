import { z } from 'zod';
import { defaultPublishSettings } from '../post/decider';

// The settings the product reads (spec 3 §3 "System configuration": key, uuid, label, description, value,
// field_type). The catalogue is code, not data: a setting exists because some code reads it, and its default
// applies until an admin changes it (docs/system-configurations.md).

export const fieldTypes = ['boolean', 'integer', 'decimal', 'string', 'activation_status'] as const;
export type FieldType = (typeof fieldTypes)[number];

export const activationStatuses = ['active', 'inactive'] as const;
export type ActivationStatus = (typeof activationStatuses)[number];

export type SettingValue = boolean | number | string;

type Bounds = { min: number; max: number };

type SettingDefinition =
  | { field_type: 'boolean'; default: boolean }
  | ({ field_type: 'integer'; default: number } & Bounds)
  | ({ field_type: 'decimal'; default: number } & Bounds)
  | { field_type: 'string'; default: string; maxLength: number }
  | { field_type: 'activation_status'; default: ActivationStatus };

export type SystemConfigurationDefinition = SettingDefinition & {
  key: string;
  /** Fixed per key, so links and the API's `/{uuid}` stay stable across installs. */
  uuid: string;
  label: string;
  description: string;
};

export const systemConfigurationCatalogue = [
  {
    key: 'post_bidding_period_days',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e01',
    label: 'Bidding period (days)',
    description: 'How many days a newly published post accepts bids.',
    field_type: 'integer',
    default: defaultPublishSettings.bidding_period_days,
    min: 1,
    max: 60,
  },
  {
    key: 'post_review_period_days',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e02',
    label: 'Review period (days)',
    description: 'How many days the customer has to choose a bid once bidding ends.',
    field_type: 'integer',
    default: defaultPublishSettings.review_period_days,
    min: 1,
    max: 30,
  },
  {
    key: 'max_review_period_extensions',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e03',
    label: 'Review period extensions',
    description: 'How many times the review period of a post can be extended.',
    field_type: 'integer',
    default: 1,
    min: 0,
    max: 10,
  },
  {
    key: 'review_period_extension_days',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e0a',
    label: 'Review period extension (days)',
    description: 'How many days one extension adds to the review period of a post.',
    field_type: 'integer',
    default: 2,
    min: 1,
    max: 30,
  },
  {
    key: 'processing_period_days',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e0b',
    label: 'Processing period (days)',
    description: 'How many days after the review period a bid can still be accepted before the post expires.',
    field_type: 'integer',
    default: 7,
    min: 1,
    max: 60,
  },
  {
    key: 'auto_bidding_validity_days',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e04',
    label: 'Auto-bidding validity (days)',
    description: "How many days a bid template's auto-bidding stays on once ticked.",
    field_type: 'integer',
    default: 14,
    min: 1,
    max: 90,
  },
  {
    key: 'interactive_matching_validity_days',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e05',
    label: 'Interactive matching validity (days)',
    description: 'How many days an interactive matching offer stays valid.',
    field_type: 'integer',
    default: 7,
    min: 1,
    max: 7,
  },
  {
    key: 'lvr_warning_percent',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e06',
    label: 'LVR warning (%)',
    description: 'Loan-to-value ratio above which a post is flagged for lenders mortgage insurance.',
    field_type: 'decimal',
    default: 80,
    min: 0,
    max: 100,
  },
  {
    key: 'messages',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e07',
    label: 'Messages',
    description: 'Chat between customers and providers: active or inactive.',
    field_type: 'activation_status',
    default: 'active',
  },
  {
    key: 'auto_declare_enabled',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e08',
    label: 'Auto-Declare',
    description: 'When the review period ends on a post with automatic selection, accept the leading eligible bid.',
    field_type: 'boolean',
    default: true,
  },
  {
    key: 'support_contact',
    uuid: '5c0b8a52-7e3f-4c1e-9a4d-0c2f6a1b7e09',
    label: 'Support contact',
    description: 'The contact shown to users who need help (an e-mail address or a phone number).',
    field_type: 'string',
    default: 'support@example.com.au',
    maxLength: 255,
  },
] as const satisfies readonly SystemConfigurationDefinition[];

export type SystemConfigurationKey = (typeof systemConfigurationCatalogue)[number]['key'];

type ValueOf<T extends FieldType> = T extends 'boolean' ? boolean : T extends 'integer' | 'decimal' ? number : T extends 'activation_status' ? ActivationStatus : string;

/** Every setting's current value, by key (defaults where unchanged). */
export type SystemSettings = { [S in (typeof systemConfigurationCatalogue)[number] as S['key']]: ValueOf<S['field_type']> };

export const findSystemConfiguration = (keyOrUuid: string): SystemConfigurationDefinition | undefined =>
  (systemConfigurationCatalogue as readonly SystemConfigurationDefinition[]).find((s) => s.key === keyOrUuid || s.uuid === keyOrUuid);

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** The value schema of one setting, with the message the edit form and the API's 422 show. */
export function valueSchemaOf(setting: SystemConfigurationDefinition): z.ZodType<SettingValue> {
  switch (setting.field_type) {
    case 'boolean':
      return z.boolean({ error: 'Choose Yes or No.' });
    case 'integer': {
      const message = `Enter a whole number from ${setting.min} to ${setting.max}.`;
      return z.number({ error: message }).int(message).min(setting.min, message).max(setting.max, message);
    }
    case 'decimal': {
      const message = `Enter a number from ${setting.min.toFixed(2)} to ${setting.max.toFixed(2)}, with at most two decimals.`;
      return z.number({ error: message }).min(setting.min, message).max(setting.max, message).refine(twoDecimals, message);
    }
    case 'string': {
      const message = `Enter some text, at most ${setting.maxLength} characters.`;
      return z.string({ error: message }).trim().min(1, message).max(setting.maxLength, message);
    }
    case 'activation_status':
      return z.enum(activationStatuses, { error: 'Choose active or inactive.' });
    default: {
      const _never: never = setting;
      return _never;
    }
  }
}
