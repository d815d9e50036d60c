import { Divider, Input, Paper, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { organisationAbbreviationMaxLength, organisationCategories, type OrganisationCategory, type OrganisationFields, organisationFields, type OrganisationStatus, organisationStatuses, type OrganisationType, organisationTypes, type OrganisationView } from '../../../../domain/organisation/schemas';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { ImageField, imageFieldProps } from '../../../components/image-field';
import { failedSaveMessage } from '../../../lib/server-errors';
import { organisationCategoryLabels, organisationStatusLabels, organisationTypeLabels } from '../organisation-labels';
import { AllowedBiddersField } from './allowed-bidders-field';
import { organisationNameMaxLength } from '../../../../domain/shared/limits';

type FormValues = {
  name: string;
  abbreviation: string;
  organisation_type: OrganisationType | null;
  category: OrganisationCategory | null;
  status: OrganisationStatus;
  /** A new logo (data URL), null to remove it, undefined to keep the current one. */
  logo: string | null | undefined;
  allowed_bidders: string[];
};

const fields = ['name', 'abbreviation', 'organisation_type', 'category', 'status', 'logo', 'allowed_bidders'] as const;

type Props = {
  /** The organisation being edited; absent when creating. */
  organisation?: OrganisationView;
  submitLabel: string;
  /** Saves; an ApiError it throws is shown on the form (422 field messages on their fields). */
  onSubmit: (fields: OrganisationFields) => Promise<unknown>;
  onCancel: () => void;
};

function initialValues(organisation: OrganisationView | undefined): FormValues {
  return {
    name: organisation?.name ?? '',
    abbreviation: organisation?.abbreviation ?? '',
    organisation_type: organisation?.organisation_type ?? null,
    category: organisation?.category ?? null,
    status: organisation?.status ?? 'active',
    logo: undefined,
    allowed_bidders: organisation?.allowed_bidders ?? [],
  };
}

/** The form values as the API's fields: an empty abbreviation is no abbreviation; a broker has no allowed bidders. */
function toFields(values: FormValues) {
  return {
    ...values,
    abbreviation: values.abbreviation.trim() === '' ? null : values.abbreviation,
    allowed_bidders: values.organisation_type === 'broker' ? [] : values.allowed_bidders,
  };
}

const typeOptions = organisationTypes.map((value) => ({ value, label: organisationTypeLabels[value] }));
const categoryOptions = organisationCategories.map((value) => ({ value, label: organisationCategoryLabels[value] }));
const statusOptions = organisationStatuses.map((value) => ({ value, label: organisationStatusLabels[value] }));

/** Create and edit an organisation, validated with the same zod schema as the API (domain/organisation/schemas.ts). */
export function OrganisationForm({ organisation, submitLabel, onSubmit, onCancel }: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: initialValues(organisation),
    validate: (values) => schemaResolver(organisationFields, { sync: true })(toFields(values)),
  });

  async function submit(values: FormValues) {
    setFormError(null);
    const parsed = organisationFields.safeParse(toFields(values));
    if (!parsed.success) return; // validate() above already shows why
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setFormError(
        failedSaveMessage(error, {
          prefix: 'organisation',
          fields,
          setFieldError: form.setFieldError,
          byStatus: { 409: 'Someone else changed this organisation at the same time. Reload the page and try again.' },
          otherwise: 'The organisation could not be saved. Please try again in a moment.',
        }),
      );
    }
  }

  return (
    <Paper p="lg" maw={760}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not saved" message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" withAsterisk maxLength={organisationNameMaxLength} {...form.getInputProps('name')} />
            <TextInput label="Abbreviation" maxLength={organisationAbbreviationMaxLength} {...form.getInputProps('abbreviation')} />
            <Select
              label="Organisation type"
              placeholder="Select an organisation type"
              withAsterisk
              data={typeOptions}
              allowDeselect={false}
              {...form.getInputProps('organisation_type')}
            />
            <Select
              label="Category"
              placeholder="No category"
              data={categoryOptions}
              clearable
              {...form.getInputProps('category')}
            />
          </SimpleGrid>
          <Input.Wrapper label="Status" error={form.errors.status}>
            <div>
              <SegmentedControl mt={4} aria-label="Status" data={statusOptions} {...form.getInputProps('status')} />
            </div>
          </Input.Wrapper>
          {form.values.organisation_type !== 'broker' && (
            <AllowedBiddersField
              value={form.values.allowed_bidders}
              organisationUuid={organisation?.uuid}
              onChange={(uuids) => {
                form.setFieldValue('allowed_bidders', uuids);
                form.clearFieldError('allowed_bidders');
              }}
              error={form.errors.allowed_bidders}
            />
          )}
          <Divider />
          <ImageField
            label="Logo"
            shape="square"
            name={form.values.name}
            currentUrl={organisation?.logo?.original ?? null}
            {...imageFieldProps(form, 'logo')}
          />
          <Divider />
          <FormActions submitLabel={submitLabel} submitting={form.submitting} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
