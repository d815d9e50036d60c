import { Autocomplete, Button, Divider, Grid, NumberInput, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { providerSignUp, type ProviderSignUp, type ProviderType, providerTypeLabels, providerTypes, userFieldLimits } from '../../../../domain/user/schemas';
import { isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/server-errors';
import { emailIsFree } from '../../../lib/account-api';
import { showErrorToast } from '../../../lib/error-toast';
import { OrganisationField } from './organisation-field';
import { PasswordRules } from './password-rules';
import { emailTakenMessage } from '../../../../domain/user/email-reservation';
import { personNameMaxLength } from '../../../../domain/shared/limits';

type FormValues = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  country_code: string;
  mobile_number: string;
  organisation_name: string;
  organisation_uuid: string | null;
  provider_type: ProviderType | null;
  membership_type: string;
  membership_value: string;
  acl_number: string;
  /** A year, or '' while empty (NumberInput). */
  lender_since: number | string;
};

const fields = [
  'first_name',
  'last_name',
  'email',
  'password',
  'country_code',
  'mobile_number',
  'organisation_name',
  'organisation_uuid',
  'provider_type',
  'membership_type',
  'membership_value',
  'acl_number',
  'lender_since',
] as const;

/** spec 2 §8 "takenEmail", in words. */
export const takenEmailMessage = emailTakenMessage;

const providerTypeOptions = providerTypes.map((value) => ({ value, label: providerTypeLabels[value] }));
const membershipSuggestions = ['MFAA', 'FBAA', 'COBA', 'ABA'];

const initialValues: FormValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  country_code: '61',
  mobile_number: '',
  organisation_name: '',
  organisation_uuid: null,
  provider_type: null,
  membership_type: '',
  membership_value: '',
  acl_number: '',
  lender_since: '',
};

/** The form values as the API's sign-up fields: an empty year is no year. */
const toFields = (values: FormValues) => ({ ...values, lender_since: typeof values.lender_since === 'number' ? values.lender_since : undefined });

/**
 * The supplier sign-up form (spec 2 §2 "signup-fsp"), validated with the API's own schema. The e-mail address is
 * checked first; a taken one stays marked until the field is edited (spec 2 §5).
 */
export function ProviderSignUpForm({ onSubmit }: { onSubmit: (user: ProviderSignUp) => Promise<unknown> }) {
  const schema = providerSignUp(new Date().getFullYear());
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues,
    validate: (values) => ({
      ...schemaResolver(schema, { sync: true })(toFields(values)),
      ...(takenEmail !== null && values.email.trim().toLowerCase() === takenEmail ? { email: takenEmailMessage } : {}),
    }),
  });
  const markTaken = (email: string) => {
    setTakenEmail(email);
    form.setFieldError('email', takenEmailMessage);
  };

  async function submit(values: FormValues) {
    const parsed = schema.safeParse(toFields(values));
    if (!parsed.success) return; // validate() already shows why
    try {
      if (!(await emailIsFree(parsed.data.email))) return markTaken(parsed.data.email);
      await onSubmit(parsed.data);
    } catch (error) {
      if (isApiError(error, 422) && error.errors['user.email']?.includes('takenEmail')) return markTaken(parsed.data.email);
      const unplaced = isApiError(error, 422) ? applyServerErrors(error, { prefix: 'user', fields, setFieldError: form.setFieldError }) : null;
      if (unplaced === null || unplaced.length > 0) showErrorToast(error);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First name" autoComplete="given-name" withAsterisk maxLength={personNameMaxLength} autoFocus {...form.getInputProps('first_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last name" autoComplete="family-name" withAsterisk maxLength={personNameMaxLength} {...form.getInputProps('last_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="E-mail" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PasswordInput label="Password" autoComplete="new-password" withAsterisk inputWrapperOrder={['label', 'input', 'error', 'description']} description={<PasswordRules />} {...form.getInputProps('password')} />
          </Grid.Col>
          <Grid.Col span={{ base: 4, sm: 3 }}>
            <TextInput label="Country code" autoComplete="tel-country-code" withAsterisk leftSection="+" maxLength={userFieldLimits.countryCodeMaxLength} inputMode="numeric" {...form.getInputProps('country_code')} />
          </Grid.Col>
          <Grid.Col span={{ base: 8, sm: 9 }}>
            <TextInput label="Mobile number" type="tel" autoComplete="tel-national" withAsterisk placeholder="0412 345 678" {...form.getInputProps('mobile_number')} />
          </Grid.Col>
        </Grid>
        <Divider label="Your organisation" labelPosition="left" />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <OrganisationField
              name={form.values.organisation_name}
              error={(form.errors.organisation_name ?? form.errors.organisation_uuid) as string | undefined}
              onChange={(name, uuid) => {
                form.setValues({ organisation_name: name, organisation_uuid: uuid });
                form.clearFieldError('organisation_name');
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select label="Provider type" placeholder="Bank Lender or Broker" withAsterisk data={providerTypeOptions} allowDeselect={false} {...form.getInputProps('provider_type')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Autocomplete label="Membership type" placeholder="e.g. MFAA" withAsterisk maxLength={userFieldLimits.membershipMaxLength} data={membershipSuggestions} {...form.getInputProps('membership_type')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Membership number" withAsterisk maxLength={userFieldLimits.membershipMaxLength} {...form.getInputProps('membership_value')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="ACL number" description="Australian Credit Licence" inputWrapperOrder={['label', 'input', 'error', 'description']} withAsterisk maxLength={userFieldLimits.membershipMaxLength} {...form.getInputProps('acl_number')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NumberInput label="Lending since" placeholder="Year, e.g. 2010" allowDecimal={false} allowNegative={false} hideControls maxLength={4} {...form.getInputProps('lender_since')} />
          </Grid.Col>
        </Grid>
        <Button type="submit" size="md" fullWidth loading={form.submitting}>
          Sign up
        </Button>
      </Stack>
    </form>
  );
}
