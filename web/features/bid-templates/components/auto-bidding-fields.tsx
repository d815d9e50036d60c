import { Checkbox, Radio, Select, Stack, Text } from '@mantine/core';
import { autoBiddingReviewPeriod, type AutoBiddingScope } from '../../../../domain/bid-template/auto-bidding';
import { formatDate } from '../../../lib/format';
import type { AutoBiddingTemplate, AutoBiddingValue } from '../auto-bidding-values';

// spec 3 §4 "Auto-bidding" as a form: the tick, the execution option of a first activation, the review period, and
// the validity with its expiry (DD/MM/YYYY). Shared by the list's "Update auto-bidding" modal and the review step.

export const scopeLabels: Record<AutoBiddingScope, string> = {
  only_new_posts: 'Only new posts',
  open_posts: 'New posts and the posts already open',
};

type Props = { template: AutoBiddingTemplate; value: AutoBiddingValue; maxReviewPeriod: number; disabled?: boolean; onChange: (value: AutoBiddingValue) => void };

export function AutoBiddingFields({ template, value, maxReviewPeriod, disabled = false, onChange }: Props) {
  const pending = template.auto_bidding === 'pending';
  const active = template.auto_bidding === 'active';
  const periods = Array.from({ length: maxReviewPeriod - autoBiddingReviewPeriod.min + 1 }, (_, index) => String(index + autoBiddingReviewPeriod.min));
  return (
    <Stack gap="sm">
      <Checkbox
        label="Bid automatically"
        description="Places this template's bid on every post its rules match, as you would by hand."
        checked={value.on}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, on: event.currentTarget.checked })}
      />
      {active && value.on && (
        <Text size="sm" data-testid="auto-bidding-expiry">
          Active until {formatDate(template.expiry_on)} (valid for {template.valid_for} days). Saving again starts the days afresh and looks at the open posts again.
        </Text>
      )}
      {!active && value.on && (
        <Text size="sm" c="dimmed">
          It stays on for the marketplace&apos;s auto-bidding period ({autoBiddingReviewPeriod.defaultMax} days unless an administrator changed it); the expiry date shows once it is saved.
        </Text>
      )}
      {active && !value.on && (
        <Text size="sm" c="dimmed">
          Unticking deactivates it: no more automatic bids, and its validity and expiry are cleared.
        </Text>
      )}
      {value.on && pending && (
        <Radio.Group label="Execution option" value={value.scope} onChange={(scope) => onChange({ ...value, scope: scope === 'open_posts' ? 'open_posts' : 'only_new_posts' })}>
          <Stack gap={6} mt={6}>
            {(Object.keys(scopeLabels) as AutoBiddingScope[]).map((scope) => (
              <Radio key={scope} value={scope} label={scopeLabels[scope]} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {value.on && !pending && !active && (
        <Text size="sm" c="dimmed">
          Turning it on again looks at the open posts again.
        </Text>
      )}
      {value.on && (
        <Select
          label="Review period"
          description="How many days back auto-bidding and its simulation look at posts."
          data={periods.map((days) => ({ value: days, label: days === '1' ? '1 day' : `${days} days` }))}
          value={String(value.reviewPeriod)}
          allowDeselect={false}
          disabled={disabled}
          w={200}
          onChange={(days) => days && onChange({ ...value, reviewPeriod: Number(days) })}
        />
      )}
    </Stack>
  );
}
