import { Divider, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { dialCode, fullMobile, ownDetails, unverifiedMobileMessage } from '../../../../domain/user/profile';
import { phoneNumber, userFieldLimits, type UserView } from '../../../../domain/user/schemas';
import { addressLimits, australianStates } from '../../../../domain/address/schemas';
import { FormActions } from '../../../components/form-actions';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { ImageField, imageFieldProps } from '../../../components/image-field';
import { failedSaveMessage } from '../../../lib/server-errors';
import { useUpdateMe } from '../api/update-me';
import { MobileVerification } from './mobile-verification';
import { personNameMaxLength } from '../../../../domain/shared/limits';
import { userAddressLineMaxLength } from '../../../../domain/user/user-management';

type FormValues = {
  first_name: string;
  last_name: string;
  country_code: string;
  mobile_number: string;
  /** A new avatar (data URL), null to remove it, undefined to keep the current one. */
  avatar: string | null | undefined;
  line1: string;
  suburb: string;
  state: string | null;
  postcode: string;
};

const fields = ['first_name', 'last_name', 'country_code', 'mobile_number', 'avatar', 'address.line1', 'address.suburb', 'address.state', 'address.postcode'] as const;
const addressFields = ['line1', 'suburb', 'state', 'postcode'] as const;

/** The form as the API's `user`, before the schema checks it: an address left empty is no address. */
function candidate(values: FormValues) {
  const { line1, suburb, state, postcode, avatar, ...rest } = values;
  const hasAddress = addressFields.some((key) => (values[key] ?? '').trim() !== '');
  return { ...rest, ...(avatar !== undefined ? { avatar } : {}), address: hasAddress ? { line1, suburb, state, postcode } : null };
}

/** Field paths of the schema (`address.suburb`) as the form's flat names. */
const formPath = (path: string) => path.replace(/^address\./, '');

/** The number as the server compares it (country code + digits), or null while the fields are not a valid number. */
function typedMobile(values: FormValues): { country_code: string; mobile_number: string } | null {
  const code = dialCode.safeParse(values.country_code);
  const digits = phoneNumber.safeParse(values.mobile_number);
  return code.success && digits.success ? { country_code: code.data, mobile_number: digits.data } : null;
}

/** The own details (spec 2 §2 "/profile-edit"): a changed mobile number is verified by SMS before saving (§4). */
export function ProfileEditForm({ user, onSaved, onCancel }: { user: UserView; onSaved: () => Promise<void>; onCancel: () => void }) {
  const update = useUpdateMe();
  const [formError, setFormError] = useState<string | null>(null);
  const [verifiedMobile, setVerifiedMobile] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: {
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      country_code: user.country_code ?? '61',
      mobile_number: user.mobile_number ?? '',
      avatar: undefined,
      line1: user.address?.line1 ?? '',
      suburb: user.address?.suburb ?? '',
      state: user.address?.state ?? null,
      postcode: user.address?.postcode ?? '',
    },
    validate: (values) => {
      const issues = ownDetails.safeParse(candidate(values)).error?.issues ?? [];
      return Object.fromEntries(issues.map((issue) => [formPath(issue.path.join('.')), issue.message]));
    },
  });

  const savedMobile = user.country_code && user.mobile_number ? fullMobile(user.country_code, user.mobile_number) : null;
  const typed = typedMobile(form.values);
  const typedFull = typed ? fullMobile(typed.country_code, typed.mobile_number) : null;
  const needsVerification = typedFull !== null && typedFull !== savedMobile && typedFull !== verifiedMobile;

  async function submit(values: FormValues) {
    setFormError(null);
    if (needsVerification) return form.setFieldError('mobile_number', unverifiedMobileMessage);
    const parsed = ownDetails.safeParse(candidate(values));
    if (!parsed.success) return; // validate() above already shows why
    try {
      await update.mutateAsync(parsed.data);
    } catch (error) {
      setFormError(
        failedSaveMessage(error, {
          prefix: 'user',
          fields,
          setFieldError: (field, message) => form.setFieldError(formPath(field), message),
          otherwise: 'Your profile could not be saved. Please try again in a moment.',
        }),
      );
      return;
    }
    await onSaved();
  }

  return (
    <Paper p="lg" maw={760}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not saved" message={formError} />
          <ImageField
            label="Avatar"
            shape="round"
            name={`${form.values.first_name} ${form.values.last_name}`.trim()}
            currentUrl={user.avatar_url}
            {...imageFieldProps(form, 'avatar')}
          />
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" withAsterisk maxLength={personNameMaxLength} autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" withAsterisk maxLength={personNameMaxLength} autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <Group align="flex-start" gap="md" wrap="nowrap">
            <TextInput label="Country code" withAsterisk w={120} leftSection="+" inputMode="numeric" maxLength={userFieldLimits.countryCodeMaxLength} {...form.getInputProps('country_code')} />
            <TextInput label="Mobile number" withAsterisk flex={1} inputMode="tel" autoComplete="tel-national" maxLength={20} {...form.getInputProps('mobile_number')} />
          </Group>
          {needsVerification && typed && (
            <MobileVerification
              phone={typed}
              onVerified={() => {
                setVerifiedMobile(typedFull);
                form.clearFieldError('mobile_number');
              }}
              onNumberError={(message) => form.setFieldError('mobile_number', message)}
            />
          )}
          <Divider />
          <Title order={5}>Address</Title>
          <TextInput label="Street address" maxLength={userAddressLineMaxLength} autoComplete="address-line1" {...form.getInputProps('line1')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="Suburb" maxLength={addressLimits.suburbMaxLength} autoComplete="address-level2" {...form.getInputProps('suburb')} />
            <Select label="State" placeholder="Choose a state" data={[...australianStates]} clearable {...form.getInputProps('state')} />
            <TextInput label="Postcode" maxLength={addressLimits.postcodeLength} inputMode="numeric" autoComplete="postal-code" {...form.getInputProps('postcode')} />
          </SimpleGrid>
          <FormActions submitLabel="Save" submitting={form.submitting} onCancel={onCancel} />
        </Stack>
      </form>
    </Paper>
  );
}
