import { Code, Divider, Fieldset, Input, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type CampaignFields,
  campaignDefaults,
  campaignFields,
  campaignNameMaxLength,
  campaignParties,
  campaignPartyLabels,
  campaignSlugMaxLength,
  campaignStatuses,
  type CampaignValueType,
  campaignValueLimits,
  campaignValueTypeLabels,
  campaignValueTypes,
  type CampaignView,
} from '../../../../domain/campaign/schemas';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { failedSaveMessage } from '../../../lib/server-errors';
import { campaignLink, campaignStatusLabels } from '../campaign-labels';

type FormValues = Omit<CampaignFields, 'benefit_value' | 'commission_value'> & { benefit_value: number | string; commission_value: number | string };
const fields = [
  'name',
  'slug',
  'benefit_type',
  'benefit_value',
  'benefit_payer',
  'commission_type',
  'commission_value',
  'commission_payer',
  'commission_payee',
  'status',
] as const satisfies readonly (keyof FormValues)[];

type Props = {
  /** The campaign being edited; absent when creating. */
  campaign?: CampaignView;
  submitLabel: string;
  /** Saves; an ApiError it throws is shown on the form (422 field messages on their fields). */
  onSubmit: (fields: CampaignFields) => Promise<unknown>;
  onCancel: () => void;
};

function initialValues(campaign: CampaignView | undefined): FormValues {
  if (!campaign) return { name: '', slug: '', benefit_value: '', commission_value: '', ...campaignDefaults };
  const { uuid: _uuid, product_uuid: _product, figures: _figures, created_at: _created, updated_at: _updated, ...values } = campaign;
  return values;
}

/** An empty number input is no value (required), not zero. */
const toFields = (values: FormValues) => ({
  ...values,
  benefit_value: values.benefit_value === '' ? undefined : values.benefit_value,
  commission_value: values.commission_value === '' ? undefined : values.commission_value,
});

/** A URL-safe slug made from the name while the admin has not typed one: "Spring Sale 2027!" → "spring-sale-2027". */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, campaignSlugMaxLength);

const typeOptions = campaignValueTypes.map((value) => ({ value, label: campaignValueTypeLabels[value] }));
const partyOptions = campaignParties.map((value) => ({ value, label: campaignPartyLabels[value] }));
const statusOptions = campaignStatuses.map((value) => ({ value, label: campaignStatusLabels[value] }));

function ValueInput({ label, type, ...props }: { label: string; type: CampaignValueType } & ReturnType<ReturnType<typeof useForm<FormValues>>['getInputProps']>) {
  const { max } = campaignValueLimits[type];
  return (
    <NumberInput
      label={label}
      withAsterisk
      min={0}
      max={max}
      decimalScale={2}
      thousandSeparator=","
      allowNegative={false}
      leftSection={type === '$' ? '$' : undefined}
      rightSection={type === '%' ? '%' : undefined}
      description={type === '$' ? 'From $0 to $100,000' : 'From 0% to 100%'}
      {...props}
    />
  );
}

/** Create and edit a campaign, checked with the same zod schema as the API (domain/campaign/schemas.ts). */
export function CampaignForm({ campaign, submitLabel, onSubmit, onCancel }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  // Creating: the slug follows the name until the admin types one.
  const [slugTouched, setSlugTouched] = useState(campaign !== undefined);
  const form = useForm<FormValues>({
    initialValues: initialValues(campaign),
    validate: (values) => schemaResolver(campaignFields, { sync: true })(toFields(values)),
  });

  async function submit(values: FormValues) {
    setFormError(null);
    const parsed = campaignFields.safeParse(toFields(values));
    if (!parsed.success) return; // validate() above already shows why
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setFormError(
        failedSaveMessage(error, {
          prefix: 'campaign',
          fields,
          setFieldError: form.setFieldError,
          byStatus: { 409: 'Someone else changed this campaign at the same time. Reload the page and try again.' },
          otherwise: 'The campaign could not be saved. Please try again in a moment.',
        }),
      );
    }
  }

  const nameProps = form.getInputProps('name');
  return (
    <Paper p="lg" maw={760}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not saved" message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              withAsterisk
              maxLength={campaignNameMaxLength}
              {...nameProps}
              onChange={(event) => {
                nameProps.onChange(event);
                if (!slugTouched) form.setFieldValue('slug', slugOf(event.currentTarget.value));
              }}
            />
            <TextInput
              label="Slug"
              withAsterisk
              maxLength={campaignSlugMaxLength}
              description="Lower-case letters, digits, hyphens and underscores"
              {...form.getInputProps('slug')}
              onChange={(event) => {
                setSlugTouched(true);
                form.getInputProps('slug').onChange(event);
              }}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Customers who start a post from <Code>{campaignLink(form.values.slug || 'your-slug')}</Code> are counted with this campaign while it is active.
          </Text>
          <Fieldset legend="Benefit to the customer">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Input.Wrapper label="Benefit type" withAsterisk>
                <div>
                  <SegmentedControl mt={4} aria-label="Benefit type" data={typeOptions} fullWidth {...form.getInputProps('benefit_type')} />
                </div>
              </Input.Wrapper>
              <ValueInput label="Benefit" type={form.values.benefit_type} {...form.getInputProps('benefit_value')} />
              <Select label="Paid by" withAsterisk data={partyOptions} allowDeselect={false} {...form.getInputProps('benefit_payer')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Commission">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Input.Wrapper label="Commission type" withAsterisk>
                <div>
                  <SegmentedControl mt={4} aria-label="Commission type" data={typeOptions} fullWidth {...form.getInputProps('commission_type')} />
                </div>
              </Input.Wrapper>
              <ValueInput label="Commission per settled loan" type={form.values.commission_type} {...form.getInputProps('commission_value')} />
              <Select label="Paid by" withAsterisk data={partyOptions} allowDeselect={false} {...form.getInputProps('commission_payer')} />
              <Select label="Paid to" withAsterisk data={partyOptions} allowDeselect={false} {...form.getInputProps('commission_payee')} />
            </SimpleGrid>
          </Fieldset>
          <Input.Wrapper label="Status" withAsterisk error={form.errors.status}>
            <div>
              <SegmentedControl mt={4} aria-label="Status" data={statusOptions} {...form.getInputProps('status')} />
            </div>
          </Input.Wrapper>
          <Divider />
          <FormActions submitLabel={submitLabel} submitting={form.submitting} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}

