import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { BidView } from '../../../../contracts/bid';
import { type ContactPreferenceForm, contactPreferenceFormSchema, toContactPreference, type Weekday, weekdays } from '../../../../domain/deal/schemas';
import { DetailItem } from '../../../components/detail-item';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { TimeField } from '../../../components/time-field';
import { isApiError } from '../../../lib/api-error';
import { formatAud, formatRate } from '../../../lib/format';
import { useAcceptBid } from '../api/accept-bid';
import { acceptingExplained } from '../bid-acceptance';

const weekdayLabels: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** spec 3 §5 defaults: any day; with no time window chosen, 00:00 to 23:59. */
const initialValues: ContactPreferenceForm = { preferred_time: false, weekdays: [...weekdays], from_time: null, until_time: null };

type Props = {
  postUuid: string;
  bid: BidView;
  product: string;
  /** After the acceptance was sent: the page goes to the dashboard (spec 1 §4). */
  onAccepted: () => void;
  /** Closed without sending: back to the post (spec 1 §4). */
  onDismiss: () => void;
};

/**
 * The accept dialog (spec 1 §2 /post/{uuid}/get-deal/{bidUuid}, §4; 750 wide, spec 1 §9): the bid in short and the
 * customer's contact preference, validated with the domain's form schema.
 */
export function AcceptBidModal({ postUuid, bid, product, onAccepted, onDismiss }: Props) {
  const accept = useAcceptBid();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ContactPreferenceForm>({ initialValues, validate: schemaResolver(contactPreferenceFormSchema, { sync: true }) });
  const lender = bid.organisation?.name ?? 'Anonymous lender';

  function submit(values: ContactPreferenceForm) {
    setFormError(null);
    accept.mutate(
      { postUuid, bidUuid: bid.uuid, contactPreference: toContactPreference(values) },
      {
        onSuccess: onAccepted,
        onError: (error) => {
          if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
            for (const [field, messages] of Object.entries(error.errors)) form.setFieldError(field.replace(/^contact_preference\./, ''), messages.join(' '));
          }
          setFormError(isApiError(error) && error.detail ? error.detail : 'The bid was not accepted. Please try again in a moment.');
        },
      },
    );
  }

  const timeProps = (field: 'from_time' | 'until_time') => {
    const input = form.getInputProps(field);
    return { ...input, value: input.value as string | null, onChange: (value: string | null) => form.setFieldValue(field, value) };
  };

  return (
    <Modal opened onClose={() => !accept.isPending && onDismiss()} title={`Accept this bid on your ${product}`} size={750} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          <FormErrorAlert message={formError} />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="accept-bid-summary">
            <DetailItem label="Lender">{lender}</DetailItem>
            <DetailItem label="Place">{bid.place_label ?? '—'}</DetailItem>
            <DetailItem label="Interest rate">{formatRate(bid.interest_rate)}</DetailItem>
            <DetailItem label="Comparison rate">{formatRate(bid.comparison_rate)}</DetailItem>
            <DetailItem label="Rate type">{bid.rate_type === 'fixed' ? 'Fixed' : 'Variable'}</DetailItem>
            <DetailItem label="Monthly repayment">{formatAud(bid.monthly_repayment)}</DetailItem>
            <DetailItem label="Monthly savings">{bid.monthly_savings === null ? '—' : formatAud(bid.monthly_savings)}</DetailItem>
            <DetailItem label="Loan amount">{formatAud(bid.loan_amount)}</DetailItem>
          </SimpleGrid>
          <Stack gap="sm">
            <Text fw={600}>When may the lender contact you?</Text>
            <Checkbox.Group label="Days" withAsterisk {...form.getInputProps('weekdays')}>
              <Group gap="md" mt={6}>
                {weekdays.map((day) => (
                  <Checkbox key={day} value={day} label={weekdayLabels[day]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Switch label="Only at these times" {...form.getInputProps('preferred_time', { type: 'checkbox' })} />
            {form.values.preferred_time ? (
              <Group grow>
                <TimeField label="From" placeholder="00:00" {...timeProps('from_time')} />
                <TimeField label="Until" placeholder="23:59" {...timeProps('until_time')} />
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                Any time of the day, 00:00 to 23:59.
              </Text>
            )}
          </Stack>
          <Text size="sm" data-testid="after-accepting">
            {acceptingExplained}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDismiss} disabled={accept.isPending}>
              Not now
            </Button>
            <Button type="submit" color="teal" loading={accept.isPending}>
              Accept the bid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
