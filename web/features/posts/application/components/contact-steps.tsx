import { Alert, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { type ChangeEvent, useState } from 'react';
import { defaultPublishSettings } from '../../../../../domain/post/decider';
import { errorsOf, type FieldErrors } from '../../../../../domain/post/schemas';
import { phoneNumber } from '../../../../../domain/user/schemas';
import { emailTakenMessage } from '../../../../../domain/user/email-reservation';
import { DevelopmentCode } from '../../../../components/development-code';
import { isApiError } from '../../../../lib/api-error';
import { readTokens } from '../../../../lib/auth-tokens';
import { formatDate } from '../../../../lib/format';
import { showErrorToast } from '../../../../lib/error-toast';
import { checkVerificationCode, sendVerificationCode, startCustomer, submitApplication } from '../api/application-api';
import { accountErrors } from '../step-checks';
import { useApplication } from './application-context';
import { StepFrame } from './step-frame';
import { currentYear, useStep } from './use-step';
import { phoneCodeLimits } from '../../../../../domain/user/profile';
import { passwordHint } from '../../../../lib/password-hint';

// The last steps: when the customer reviews the offers, the mobile number proved by SMS, and the e-mail and
// password that complete the account and publish the post.

export function ReviewDateStep() {
  const { next, frame } = useStep('review-date');
  const { bidding_period_days, review_period_days } = defaultPublishSettings;
  const biddingEnds = dayjs().add(bidding_period_days, 'day');
  return (
    <StepFrame title="When will you choose a lender?" {...frame} onNext={() => void next()}>
      <Text>
        Lenders bid on your post for {bidding_period_days} days after it is published. Then you have {review_period_days} days to review their offers and
        choose one.
      </Text>
      <Alert variant="light" color="blue" title="If you publish today">
        <List size="sm">
          <List.Item>Bidding ends on {formatDate(biddingEnds.toDate())}</List.Item>
          <List.Item>You choose an offer by {formatDate(biddingEnds.add(review_period_days, 'day').toDate())}</List.Item>
        </List>
      </Alert>
    </StepFrame>
  );
}

export function MobileNumberStep() {
  const { answers, setAnswers, next, setErrors, errorOf, frame } = useStep('mobile-number');
  const { state, setCustomer } = useApplication();
  const [number, setNumber] = useState(answers.mobile_number);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [developmentCode, setDevelopmentCode] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const verified = answers.mobile_verified && number === answers.mobile_number;
  const phone = { country_code: answers.country_code, mobile_number: number };

  async function sendCode() {
    const numberErrors = errorsOf(phoneNumber, number, 'mobile_number');
    setErrors(numberErrors);
    if (Object.keys(numberErrors).length > 0) return;
    setAnswers({ mobile_number: number, mobile_verified: false });
    // A new customer when none was made yet, or when its session is gone (logged out in another tab).
    if (!state.customer || !readTokens()) setCustomer(await startCustomer());
    const sent = await sendVerificationCode(phone);
    setDevelopmentCode(sent.development_code);
    setSentTo(number);
    setCode('');
    setErrors({});
  }

  async function verifyCode() {
    await checkVerificationCode({ ...phone, verification_code: code.trim() });
    notifications.show({ color: 'teal', title: 'Mobile number has been successfully verified!', message: 'One more step: your e-mail address.' });
    next({ mobile_number: number, mobile_verified: true });
  }

  async function submit() {
    if (verified) return void next();
    setBusy(true);
    try {
      await (sentTo === number ? verifyCode() : sendCode());
    } catch (error) {
      if (isApiError(error, 422) && Object.keys(error.errors).length > 0) setErrors(error.errors as FieldErrors);
      else showErrorToast(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <StepFrame
      title="What is your mobile number?"
      description="We send you a code by SMS to confirm it. Lenders who win your post can call you on it."
      {...frame}
      onNext={submit}
      busy={busy}
      nextLabel={verified ? 'Next' : sentTo === number ? 'Verify' : 'Send code'}
    >
      <TextInput
        label="Mobile number"
        size="lg"
        type="tel"
        autoComplete="tel-national"
        leftSection={<Text size="sm">+{answers.country_code}</Text>}
        autoFocus
        value={number}
        onChange={(event) => {
          setNumber(event.currentTarget.value);
          if (answers.mobile_verified) setAnswers({ mobile_verified: false });
        }}
        error={errorOf('mobile_number', 'country_code')}
        description={verified ? 'Verified' : undefined}
      />
      {sentTo === number && !verified && <DevelopmentCode code={developmentCode} />}
      {sentTo === number && !verified && (
        <Stack gap={4}>
          <TextInput
            label="Verification code"
            size="lg"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={phoneCodeLimits.digits}
            w={220}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={errorOf('verification_code')}
          />
          <Text size="sm" c="dimmed">
            We sent a {phoneCodeLimits.digits}-digit code to {number}. It is valid for {phoneCodeLimits.validMinutes} minutes.
          </Text>
        </Stack>
      )}
    </StepFrame>
  );
}

export function EmailStep() {
  const { frame, errorOf, setErrors } = useStep('email');
  const { state, answers, setCreated, reset } = useApplication();
  const navigate = useNavigate();
  const [account, setAccount] = useState({ email: '', password: '', password_confirmation: '' });
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof account) => ({
    value: account[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setAccount({ ...account, [name]: event.currentTarget.value }),
    error: errorOf(name, `user.${name}`),
  });

  async function submit() {
    const found = accountErrors(account, answers);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await submitApplication(state, account, currentYear(), setCreated);
      // Forgotten once the success screen shows: on this step, empty answers would lead back to the first step.
      await navigate({ to: '/application/success', search: { email: account.email.trim() } });
      reset();
    } catch (error) {
      if (isApiError(error, 404)) {
        // spec 2 §8: a post in creation that is gone starts the flow again.
        notifications.show({ color: 'red', title: 'Error!', message: "We couldn't find your post. You will be redirected to the first step." });
        reset();
        await navigate({ to: '/application/loan-type' });
      } else if (isApiError(error, 422) && error.errors['user.email']?.includes('takenEmail')) {
        setErrors({ email: [emailTakenMessage] });
      } else if (isApiError(error, 422) && Object.keys(error.errors).some((key) => key.startsWith('user.'))) {
        setErrors(error.errors as FieldErrors);
      } else {
        showErrorToast(error);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <StepFrame
      title="Last step: your e-mail and a password"
      description="With them you log in to follow the bids on your post."
      {...frame}
      onNext={submit}
      busy={busy}
      nextLabel="Publish my post"
    >
      <TextInput label="E-mail" size="lg" type="email" autoComplete="email" autoFocus {...field('email')} />
      <PasswordInput label="Password" size="lg" autoComplete="new-password" {...field('password')} />
      <PasswordInput label="Repeat the password" size="lg" autoComplete="new-password" {...field('password_confirmation')} />
      <Text size="sm" c="dimmed">
        {passwordHint}
      </Text>
    </StepFrame>
  );
}
