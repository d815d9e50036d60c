import { Alert, Anchor, Button, Divider, Group, List, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { checkPostComplete } from '../../../../../domain/post/completeness';
import { errorsOf, type FieldErrors, mergeErrors } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { customerRegistration } from '../../../../../domain/user/customer-account';
import { phoneCodeLimits, unverifiedMobileMessage } from '../../../../../domain/user/profile';
import { phoneNumber, userFieldLimits } from '../../../../../domain/user/schemas';
import { AnchorLink } from '../../../../components/router-link';
import { isApiError } from '../../../../lib/api-error';
import { DevelopmentCode } from '../../../../components/development-code';
import { checkVerificationCode, sendVerificationCode } from '../../../../lib/account-api';
import { currentUser } from '../api/customer-account';
import { publishPost, takenEmailMessage } from '../api/save-steps';
import { clearWizard } from '../draft-storage';
import { postContentOf, stepOfField } from '../form-mapping';
import { useStepForm } from '../use-step-form';
import { type StepNumber, stepOf } from '../wizard-steps';
import { wizardStore } from '../wizard-session';
import { PostSummary } from './post-summary';
import { StepForm } from './step-form';
import { required } from '../../../../../domain/shared/messages';
import { personNameMaxLength } from '../../../../../domain/shared/limits';
import { passwordHint } from '../../../../lib/password-hint';

type AccountValues = {
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  mobile_number: string;
  password: string;
  password_confirmation: string;
};

/** The number as the server compares it: country code and digits. */
const fullMobile = (values: Pick<AccountValues, 'country_code' | 'mobile_number'>) => {
  const digits = phoneNumber.safeParse(values.mobile_number);
  return digits.success ? `${values.country_code.trim()}${digits.data}` : null;
};

/** What keeps the post from being published, by step, with a link to each step. */
function Problems({ post }: { post: PostView }) {
  const errors = checkPostComplete(postContentOf(post), new Date().getFullYear());
  const byStep = new Map<StepNumber, Set<string>>();
  for (const [path, messages] of Object.entries(errors)) {
    const step = stepOfField(path);
    const set = byStep.get(step) ?? new Set<string>();
    for (const message of messages) set.add(message);
    byStep.set(step, set);
  }
  if (byStep.size === 0) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} title="Some answers are missing or need a change" data-step-error>
      <List size="sm" spacing={4}>
        {[...byStep.entries()]
          .sort(([a], [b]) => a - b)
          .map(([step, messages]) => {
            const { title, path } = stepOf(step);
            return (
              <List.Item key={step}>
                <AnchorLink to={path} size="sm">
                  {title}
                </AnchorLink>
                : {[...messages].join(' ')}
              </List.Item>
            );
          })}
      </List>
    </Alert>
  );
}

/**
 * The overview (step 7): the post step by step, the customer's account (name, e-mail, a mobile number proved by an
 * SMS code, a password) and Publish, which registers the account and validates the post (spec 2 §2, §7).
 */
export function OverviewStep({ post }: { post: PostView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useSuspenseQuery({ queryKey: ['create-post', 'me'], queryFn: currentUser, gcTime: 0 }).data;
  // A customer who logged in already has an account; one the wizard made completes it here.
  const needsAccount = me.status === 'creating';
  const [verifiedMobile, setVerifiedMobile] = useState<string | null>(null);
  const [takenEmail, setTakenEmail] = useState<string | null>(null);

  const step = useStepForm<AccountValues>({
    step: 7,
    initialValues: { first_name: '', last_name: '', email: '', country_code: '61', mobile_number: '', password: '', password_confirmation: '' },
    // Passwords never stay on the device.
    toDraft: ({ password: _password, password_confirmation: _confirmation, ...kept }) => kept,
    validate: (values): FieldErrors => {
      if (!needsAccount) return {};
      const mobile = fullMobile(values);
      return mergeErrors(
        errorsOf(customerRegistration, values),
        mobile !== null && mobile !== verifiedMobile ? { mobile_number: [unverifiedMobileMessage] } : {},
        takenEmail !== null && values.email.trim().toLowerCase() === takenEmail ? { email: [takenEmailMessage] } : {},
      );
    },
    save: async (values) => {
      const user = needsAccount ? customerRegistration.parse(values) : null;
      try {
        return await publishPost(post, user ? { customerUuid: me.uuid, user } : null);
      } catch (error) {
        // A taken address stays marked until the field is edited (spec 2 §5).
        if (user && isApiError(error, 422) && error.errors.email?.includes(takenEmailMessage)) setTakenEmail(user.email);
        throw error;
      }
    },
    onSaved: async (published, values) => {
      clearWizard(wizardStore());
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      const email = needsAccount ? values.email.trim().toLowerCase() : (me.email ?? undefined);
      await navigate({ to: '/create-post/success', search: { email, user: published.owner_uuid }, replace: true });
    },
  });
  const { form } = step;

  return (
    <StepForm step={7} {...step} submitLabel="Publish my post">
      <Text c="dimmed">Check your answers. When you publish, lenders and brokers can bid on your home loan.</Text>
      <Problems post={post} />
      <PostSummary post={post} />
      {needsAccount && (
        <Stack gap="md" id="account">
          <Divider />
          <div>
            <Title order={2} size="h4">
              Your account
            </Title>
            <Text size="sm" c="dimmed">
              You follow the bids with this account. We verify your mobile number with a code by SMS.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" withAsterisk maxLength={personNameMaxLength} {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" withAsterisk maxLength={personNameMaxLength} {...form.getInputProps('last_name')} />
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <MobileNumberFields
            values={form.values}
            countryCodeProps={form.getInputProps('country_code')}
            mobileProps={form.getInputProps('mobile_number')}
            verified={fullMobile(form.values) !== null && fullMobile(form.values) === verifiedMobile}
            onVerified={(mobile) => {
              setVerifiedMobile(mobile);
              form.clearFieldError('mobile_number');
            }}
            onNumberError={(message) => form.setFieldError('mobile_number', message)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              withAsterisk
              description={passwordHint}
              inputWrapperOrder={['label', 'input', 'error', 'description']}
              {...form.getInputProps('password')}
            />
            <PasswordInput label="Repeat the password" autoComplete="new-password" withAsterisk {...form.getInputProps('password_confirmation')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Already have an account? <Anchor href="/login">Log in</Anchor> instead.
          </Text>
        </Stack>
      )}
    </StepForm>
  );
}

type MobileProps = {
  values: Pick<AccountValues, 'country_code' | 'mobile_number'>;
  countryCodeProps: object;
  mobileProps: object;
  verified: boolean;
  onVerified: (fullMobile: string) => void;
  onNumberError: (message: string) => void;
};

/** The mobile number and its SMS code (spec 2 §5: required and verified; a wrong code marks the field invalid). */
function MobileNumberFields({ values, countryCodeProps, mobileProps, verified, onVerified, onNumberError }: MobileProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [developmentCode, setDevelopmentCode] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'check' | null>(null);
  const mobile = fullMobile(values);
  const phone = { country_code: values.country_code.trim(), mobile_number: phoneNumber.safeParse(values.mobile_number).data ?? '' };

  async function send() {
    if (mobile === null) return onNumberError(phoneNumber.safeParse(values.mobile_number).error?.issues[0]?.message ?? required);
    setBusy('send');
    setCodeError(null);
    try {
      const sent = await sendVerificationCode(phone);
      setDevelopmentCode(sent.development_code);
      setSentTo(mobile);
      setCode('');
    } catch (error) {
      const message = isApiError(error) ? (error.errors.mobile_number?.join(' ') ?? error.detail ?? error.title) : 'Something is wrong with internet connection.';
      onNumberError(message);
    } finally {
      setBusy(null);
    }
  }

  async function check() {
    setBusy('check');
    setCodeError(null);
    try {
      await checkVerificationCode({ ...phone, verification_code: code.trim() });
      notifications.show({ color: 'teal', title: 'Mobile number has been successfully verified!', message: 'You can now publish your post.' });
      onVerified(mobile!);
    } catch (error) {
      setCodeError(isApiError(error, 422) ? (error.errors.verification_code?.join(' ') ?? error.detail ?? 'Invalid code.') : 'The code could not be checked. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput label="Country code" autoComplete="tel-country-code" withAsterisk leftSection="+" maxLength={userFieldLimits.countryCodeMaxLength} inputMode="numeric" w={120} {...countryCodeProps} />
        <TextInput label="Mobile number" type="tel" autoComplete="tel-national" withAsterisk placeholder="0412 345 678" style={{ flex: 1 }} {...mobileProps} />
        <Button mt={25} variant={verified ? 'light' : 'filled'} color={verified ? 'teal' : undefined} onClick={() => void send()} loading={busy === 'send'} disabled={verified}>
          {verified ? 'Verified' : sentTo !== null && sentTo === mobile ? 'Send a new code' : 'Send code'}
        </Button>
      </Group>
      {verified && (
        <Group gap={6}>
          <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
          <Text size="sm" c="teal">
            Your mobile number is verified.
          </Text>
        </Group>
      )}
      {!verified && sentTo !== null && sentTo === mobile && <DevelopmentCode code={developmentCode} />}
      {!verified && sentTo !== null && sentTo === mobile && (
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Verification code"
            description={`We sent a ${phoneCodeLimits.digits}-digit code by SMS. It is valid for ${phoneCodeLimits.validMinutes} minutes.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={phoneCodeLimits.digits}
            w={260}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter checks the code instead of publishing the post.
              if (event.key === 'Enter') {
                event.preventDefault();
                void check();
              }
            }}
            error={codeError}
          />
          <Button mt={25} onClick={() => void check()} loading={busy === 'check'} disabled={code.trim().length === 0}>
            Verify
          </Button>
        </Group>
      )}
    </Stack>
  );
}
