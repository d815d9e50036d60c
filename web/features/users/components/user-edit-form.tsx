import { Divider, Group, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { providerTypeLabels, providerTypes, type UserView } from '../../../../domain/user/schemas';
import { addressLimits, australianStates } from '../../../../domain/address/schemas';
import { providerDetailsFields, type UserPatch, userDetailsFields } from '../../../../domain/user/user-management';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { ImageField, imageFieldProps } from '../../../components/image-field';
import { dateFormat } from '../../../lib/format';
import { failedSaveMessage } from '../../../lib/server-errors';
import { OrganisationSelect } from './organisation-select';
import { required } from '../../../../domain/shared/messages';
import { personNameMaxLength } from '../../../../domain/shared/limits';

type FormValues = {
  first_name: string;
  last_name: string;
  country_code: string;
  mobile_number: string;
  date_of_birth: string | null;
  address: { line1: string; suburb: string; state: string | null; postcode: string };
  /** A new avatar (data URL), null to remove it, undefined to keep the current one. */
  avatar: string | null | undefined;
  fsp: {
    organisation_uuid: string | null;
    provider_type: string | null;
    membership_type: string;
    membership_value: string;
    acl_number: string;
    lender_since: number | string;
  };
};

const fields = [
  'first_name',
  'last_name',
  'country_code',
  'mobile_number',
  'date_of_birth',
  'avatar',
  'address',
  'address.line1',
  'address.suburb',
  'address.state',
  'address.postcode',
  'fsp',
  'fsp.organisation_uuid',
  'fsp.provider_type',
  'fsp.membership_type',
  'fsp.membership_value',
  'fsp.acl_number',
  'fsp.lender_since',
] as const;

const providerTypeOptions = providerTypes.map((value) => ({ value, label: providerTypeLabels[value] }));

/** The edit form's rules: the API's (domain/user/user-management.ts), with a provider's lender_since required. */
function detailsSchema() {
  const today = () => new Date();
  const provider = providerDetailsFields(today);
  return z.strictObject({
    ...userDetailsFields(today),
    fsp: z.strictObject({ ...provider, lender_since: provider.lender_since.unwrap() }).optional(),
  });
}

function initialValues(user: UserView): FormValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    country_code: user.country_code ?? '61',
    mobile_number: user.mobile_number ?? '',
    date_of_birth: user.date_of_birth,
    address: { line1: user.address?.line1 ?? '', suburb: user.address?.suburb ?? '', state: user.address?.state ?? null, postcode: user.address?.postcode ?? '' },
    avatar: undefined,
    fsp: {
      organisation_uuid: user.fsp?.organisation.uuid ?? null,
      provider_type: user.fsp?.provider_type ?? null,
      membership_type: user.fsp?.membership_type ?? '',
      membership_value: user.fsp?.membership_value ?? '',
      acl_number: user.fsp?.acl_number ?? '',
      lender_since: user.fsp?.lender_since ?? '',
    },
  };
}

/** The form as the API's details: an empty address is no address; blanks become missing values the rules name. */
function toDetails(values: FormValues, isProvider: boolean) {
  const { line1, suburb, state, postcode } = values.address;
  const noAddress = [line1, suburb, state ?? '', postcode].every((part) => part.trim() === '');
  const { organisation_uuid, provider_type, lender_since, ...provider } = values.fsp;
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    country_code: values.country_code,
    mobile_number: values.mobile_number,
    date_of_birth: values.date_of_birth || null,
    address: noAddress ? null : { line1, suburb, state: state ?? undefined, postcode },
    ...(values.avatar !== undefined ? { avatar: values.avatar } : {}),
    ...(isProvider
      ? {
          fsp: {
            ...provider,
            ...(organisation_uuid ? { organisation_uuid } : {}),
            provider_type: provider_type ?? undefined,
            lender_since: lender_since === '' ? undefined : Number(lender_since),
          },
        }
      : {}),
  };
}

type Props = {
  user: UserView;
  /** Saves; an ApiError it throws is shown on the form (422 field messages on their fields). */
  onSubmit: (changes: UserPatch) => Promise<unknown>;
  onCancel: () => void;
};

/** The admin's edit of a user (spec 2 §2 "/user/{uuid}/edit", spec 3 §5 "Edit user"). */
export function UserEditForm({ user, onSubmit, onCancel }: Props) {
  const isProvider = user.user_type === 'fsp';
  const schema = detailsSchema();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: initialValues(user),
    validate: (values) => {
      const errors = schemaResolver(schema, { sync: true })(toDetails(values, isProvider));
      // A missing lender_since reads as "expected number" to zod; the spec's word is "required".
      if (isProvider && values.fsp.lender_since === '') errors['fsp.lender_since'] = required;
      return errors;
    },
  });

  async function submit(values: FormValues) {
    setFormError(null);
    const parsed = schema.safeParse(toDetails(values, isProvider));
    if (!parsed.success) return;
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      setFormError(
        failedSaveMessage(error, {
          prefix: 'user',
          fields,
          setFieldError: form.setFieldError,
          byStatus: { 409: 'Someone else changed this user at the same time. Reload the page and try again.' },
          otherwise: 'The user could not be saved. Please try again in a moment.',
        }),
      );
    }
  }

  return (
    <Paper p="lg" maw={820}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not saved" message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" withAsterisk maxLength={personNameMaxLength} {...form.getInputProps('first_name')} />
            <TextInput label="Last name" withAsterisk maxLength={personNameMaxLength} {...form.getInputProps('last_name')} />
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <TextInput label="Code" w={80} leftSection="+" {...form.getInputProps('country_code')} />
              <TextInput label="Mobile number" withAsterisk flex={1} inputMode="tel" {...form.getInputProps('mobile_number')} />
            </Group>
            <DateInput label="Date of birth" valueFormat={dateFormat} placeholder="DD/MM/YYYY" clearable {...form.getInputProps('date_of_birth')} />
          </SimpleGrid>
          <Divider label="Address" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Street address" {...form.getInputProps('address.line1')} />
            <TextInput label="Suburb" {...form.getInputProps('address.suburb')} />
            <Select label="State" placeholder="Choose a state" data={[...australianStates]} clearable {...form.getInputProps('address.state')} />
            <TextInput label="Postcode" maxLength={addressLimits.postcodeLength} inputMode="numeric" {...form.getInputProps('address.postcode')} />
          </SimpleGrid>
          {isProvider && (
            <>
              <Divider label="Provider" labelPosition="left" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <OrganisationSelect
                  value={form.values.fsp.organisation_uuid}
                  currentName={user.fsp?.organisation.uuid ? (user.fsp.organisation.name ?? null) : null}
                  onChange={(uuid) => form.setFieldValue('fsp.organisation_uuid', uuid)}
                  error={form.errors['fsp.organisation_uuid']}
                />
                <Select label="Provider type" withAsterisk data={providerTypeOptions} allowDeselect={false} {...form.getInputProps('fsp.provider_type')} />
                <TextInput label="Membership type" withAsterisk {...form.getInputProps('fsp.membership_type')} />
                <TextInput label="Membership number" withAsterisk {...form.getInputProps('fsp.membership_value')} />
                <TextInput label="ACL number" withAsterisk {...form.getInputProps('fsp.acl_number')} />
                <NumberInput label="Lender since" withAsterisk allowDecimal={false} allowNegative={false} thousandSeparator="" {...form.getInputProps('fsp.lender_since')} />
              </SimpleGrid>
            </>
          )}
          <Divider />
          <ImageField
            label="Avatar"
            shape="round"
            name={`${form.values.first_name} ${form.values.last_name}`.trim()}
            currentUrl={user.avatar_url}
            {...imageFieldProps(form, 'avatar')}
          />
          <Divider />
          <FormActions submitLabel="Save changes" submitting={form.submitting} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
