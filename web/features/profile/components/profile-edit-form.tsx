import { Alert, Button, Divider, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { dialCode, fullMobile, ownDetails, unverifiedMobileMessage } from '../../../../domain/user/profile';
import { phoneNumber, type UserView } from '../../../../domain/user/schemas';
import { australianStates } from '../../../../domain/user/user-management';
import { isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/server-errors';
import { useUpdateMe } from '../api/update-me';
import { AvatarField } from './avatar-field';
import { MobileVerification } from './mobile-verification';

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
      if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
        const unplaced = applyServerErrors(error, { prefix: 'user', fields, setFieldError: (field, message) => form.setFieldError(formPath(field), message) });
        if (unplaced.length > 0) setFormError(unplaced.join(' '));
      } else {
        setFormError('Your profile could not be saved. Please try again in a moment.');
      }
      return;
    }
    await onSaved();
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
          <AvatarField
            name={`${form.values.first_name} ${form.values.last_name}`.trim()}
            currentUrl={user.avatar_url}
            value={form.values.avatar}
            onChange={(avatar) => {
              form.setFieldValue('avatar', avatar);
              form.clearFieldError('avatar');
            }}
            error={form.errors.avatar}
            onError={(message) => (message ? form.setFieldError('avatar', message) : form.clearFieldError('avatar'))}
          />
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" withAsterisk maxLength={60} autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" withAsterisk maxLength={60} autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <Group align="flex-start" gap="md" wrap="nowrap">
            <TextInput label="Country code" withAsterisk w={120} leftSection="+" inputMode="numeric" maxLength={4} {...form.getInputProps('country_code')} />
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
          <TextInput label="Street address" maxLength={200} autoComplete="address-line1" {...form.getInputProps('line1')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="Suburb" maxLength={100} autoComplete="address-level2" {...form.getInputProps('suburb')} />
            <Select label="State" placeholder="Choose a state" data={[...australianStates]} clearable {...form.getInputProps('state')} />
            <TextInput label="Postcode" maxLength={4} inputMode="numeric" autoComplete="postal-code" {...form.getInputProps('postcode')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
