import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { DevelopmentCode } from '../../../components/development-code';
import { isApiError } from '../../../lib/api-error';
import { formatMobile } from '../../../lib/format';
import type { PhoneNumber } from '../../../lib/account-api';
import { useCheckVerificationCode, useSendVerificationCode } from '../api/phone-verification';
import { phoneCodeLimits } from '../../../../domain/user/profile';

type Props = {
  phone: PhoneNumber;
  onVerified: () => void;
  /** A refusal of the number itself, shown on the mobile number field. */
  onNumberError: (message: string) => void;
};

/** The verify step of a changed mobile number (spec 2 §4): a code is sent by SMS, then entered here. */
export function MobileVerification({ phone, onVerified, onNumberError }: Props) {
  const send = useSendVerificationCode();
  const check = useCheckVerificationCode();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  async function sendCode() {
    setSendError(null);
    setCodeError(null);
    try {
      await send.mutateAsync(phone);
      setSent(true);
      setCode('');
    } catch (error) {
      const numberError = isApiError(error, 422) ? (error.errors.mobile_number ?? error.errors.country_code) : undefined;
      if (numberError) onNumberError(numberError.join(' '));
      else setSendError(isApiError(error) && error.detail ? error.detail : 'The code could not be sent. Please try again in a moment.');
    }
  }

  async function verify() {
    setCodeError(null);
    try {
      await check.mutateAsync({ ...phone, verification_code: code.trim() });
    } catch (error) {
      setCodeError(isApiError(error, 422) ? (error.errors.verification_code?.join(' ') ?? error.detail ?? 'Invalid code.') : 'The code could not be checked. Please try again.');
      return;
    }
    notifications.show({ color: 'teal', title: 'Mobile number has been successfully verified!', message: 'Save your profile to keep the new number.' });
    onVerified();
  }

  return (
    <Alert color="blue" variant="light" icon={<IconDeviceMobileMessage />} title="Verify the new mobile number">
      <Stack gap="sm">
        <Text size="sm">We send a {phoneCodeLimits.digits}-digit code by SMS to {formatMobile(phone.country_code, phone.mobile_number)}. The code is valid for {phoneCodeLimits.validMinutes} minutes.</Text>
        {sendError && (
          <Text size="sm" c="red">
            {sendError}
          </Text>
        )}
        {sent && <DevelopmentCode code={send.data?.development_code} />}
        {sent && (
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Verification code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={phoneCodeLimits.digits}
              w={180}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void verify();
                }
              }}
              error={codeError}
            />
            <Button mt={25} onClick={() => void verify()} loading={check.isPending} disabled={code.trim().length === 0}>
              Verify
            </Button>
          </Group>
        )}
        <Group>
          <Button variant={sent ? 'subtle' : 'filled'} size="xs" onClick={() => void sendCode()} loading={send.isPending}>
            {sent ? 'Send a new code' : 'Send code'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
