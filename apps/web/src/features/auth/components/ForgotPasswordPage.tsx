import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/Logo';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';
import { PasswordField } from '../../../components/ui/PasswordField';
import { ApiError } from '../../../lib/api';
import { passwordErrorMessage, useRequestOtp, useResetPassword } from '../api/password';
import { AuthShell } from '../../../components/ui/AuthShell';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';

type Step = 'email' | 'otp' | 'done';

/** SPEC §2/§4: email step sends an OTP; OTP step sets the new password; done links back to login. */
export default function ForgotPasswordPage() {
  const MSG = useMsg();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <AuthShell>
      <Card withBorder radius="lg" shadow="md" padding="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <Logo />
          <div>
            <Title order={1} fz="h2">
              <Trans>Reset your password</Trans>
            </Title>
            <Text c="dimmed" fz="sm">
              {step === 'email' && (
                <Trans>Enter the email address of your account and we will send you a one-time code.</Trans>
              )}
              {step === 'otp' && <Trans>Enter the 6-digit code sent to {email} and choose a new password.</Trans>}
              {step === 'done' && <Trans>You can now log in with your new password.</Trans>}
            </Text>
          </div>
          {step === 'email' && (
            <EmailStep
              email={email}
              onEmail={setEmail}
              onSent={(message) => {
                setNotice(message);
                setStep('otp');
              }}
            />
          )}
          {step === 'otp' && (
            <OtpStep
              email={email}
              notice={notice}
              onBack={() => {
                setNotice(null);
                setStep('email');
              }}
              onDone={() => setStep('done')}
            />
          )}
          {step === 'done' && (
            <Stack gap="md">
              <Alert color="green" variant="light" role="status">
                {MSG.otp.resetDone}
              </Alert>
              <Button component={Link} to="/" size="md">
                <Trans>Back to login</Trans>
              </Button>
            </Stack>
          )}
          {step !== 'done' && (
            <Text ta="center" fz="sm">
              <Trans>
                Remembered it?{' '}
                <Anchor component={Link} to="/" fw={600} inherit underline="always">
                  Back to login
                </Anchor>
              </Trans>
            </Text>
          )}
        </Stack>
      </Card>
    </AuthShell>
  );
}

function EmailStep(props: { email: string; onEmail: (v: string) => void; onSent: (message: string) => void }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const mutation = useRequestOtp();
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const email = props.email.trim();
    if (!email) {
      setError(MSG.otp.allRequired);
      return;
    }
    setError(null);
    mutation.mutate(email, {
      onSuccess: (res) => props.onSent(localizeText(res.message || MSG.otp.sent)),
      onError: (err) => setError(passwordErrorMessage(err, MSG.otp.sendFailed)),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ErrorAlert message={error} />
        <TextInput
          label={t`Email address`}
          type="email"
          autoComplete="email"
          value={props.email}
          onChange={(e) => props.onEmail(e.currentTarget.value)}
        />
        <Button type="submit" size="md" loading={mutation.isPending}>
          <Trans>Send OTP</Trans>
        </Button>
      </Stack>
    </form>
  );
}

function OtpStep(props: { email: string; notice: string | null; onBack: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const mutation = useResetPassword();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors({});
    if (!props.email.trim() || !otp.trim() || !password || !confirm) {
      setError(MSG.otp.allRequired);
      return;
    }
    if (password !== confirm) {
      setError(MSG.otp.passwordsMismatch);
      return;
    }
    setError(null);
    mutation.mutate(
      { email: props.email.trim(), otp: otp.trim(), newPassword: password },
      {
        onSuccess: props.onDone,
        onError: (err) => {
          const fields = Object.fromEntries(
            Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {}).map(([k, v]) => [k, localizeText(v)]),
          );
          setFieldErrors(fields);
          // A field error already says what is wrong; the banner would only repeat "Some fields are invalid."
          const hasShownField = 'otp' in fields || 'newPassword' in fields;
          setError(hasShownField ? null : passwordErrorMessage(err, MSG.otp.verifyFailed));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {props.notice && !error && (
          <Alert color="teal" variant="light" role="status">
            {props.notice}
          </Alert>
        )}
        <ErrorAlert message={error} />
        <TextInput
          label={t`One-time code (OTP)`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          error={fieldErrors.otp}
          onChange={(e) => setOtp(e.currentTarget.value)}
        />
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          description={t`At least 8 characters.`}
          value={password}
          error={fieldErrors.newPassword}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PasswordField
          label={t`Confirm new password`}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
        />
        <Button type="submit" size="md" loading={mutation.isPending}>
          <Trans>Reset password</Trans>
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" fz="sm" onClick={props.onBack}>
            <Trans>Use a different email or send a new code</Trans>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
