import { Alert, Button, Divider, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, TextInput, Input } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  type OrganisationCategory,
  type OrganisationFields,
  type OrganisationStatus,
  type OrganisationType,
  type OrganisationView,
  organisationCategories,
  organisationFields,
  organisationStatuses,
  organisationTypes,
} from '../../../../domain/organisation/schemas';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/server-errors';
import { organisationCategoryLabels, organisationStatusLabels, organisationTypeLabels } from '../organisation-labels';
import { AllowedBiddersField } from './allowed-bidders-field';
import { LogoField } from './logo-field';

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
      if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
        const unplaced = applyServerErrors(error, { prefix: 'organisation', fields, setFieldError: form.setFieldError });
        if (unplaced.length > 0) setFormError(unplaced.join(' '));
      } else if (isApiError(error, 422) && error.detail) {
        setFormError(error.detail);
      } else if (isApiError(error, 409)) {
        setFormError('Someone else changed this organisation at the same time. Reload the page and try again.');
      } else {
        // spec 3 §8 "Failed save": the server's error text is not shown.
        setFormError('The organisation could not be saved. Please try again in a moment.');
      }
    }
  }

  return (
    <Paper p="lg" maw={760}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" icon={<IconAlertCircle />} title="Not saved">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" withAsterisk maxLength={99} {...form.getInputProps('name')} />
            <TextInput label="Abbreviation" maxLength={20} {...form.getInputProps('abbreviation')} />
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
          <LogoField
            name={form.values.name}
            currentLogoUrl={organisation?.logo?.original ?? null}
            value={form.values.logo}
            onChange={(logo) => {
              form.setFieldValue('logo', logo);
              form.clearFieldError('logo');
            }}
            error={form.errors.logo}
            onError={(message) => (message ? form.setFieldError('logo', message) : form.clearFieldError('logo'))}
          />
          <Divider />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
