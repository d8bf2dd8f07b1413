import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { TWO_FACTOR_MSG, type Role } from '@svp/shared';
import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { Logo } from '../../../components/ui/Logo';
import { useMsg, useSharedTexts } from '../../../shared/language/useMsg';
import { loadErrorText } from '../../../lib/errors';
import { useTotpSetup, useTotpVerify, type MfaStage } from '../api/admin-mfa';
import { totpErrorMessage } from '../../../shared/session/totp-error';
import { RecoveryCodes, TotpEnrolKey } from '../../../shared/session/TotpParts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';

interface TotpStepProps {
  stage: MfaStage;
  onDone: () => void;
  onCancel: () => void;
  /** Whose login: an admin's (enrols on the first login) or a user's with two-factor sign-in on (a code only). */
  portal?: Role;
}

/**
 * The login's second factor (DESIGN D14, ADR 0024): an admin enrols with a QR code on the first login, then gives
 * a code; a user who turned it on in Settings gives a code (or a recovery code).
 */
export function TotpStep({ stage, onDone, onCancel, portal = 'admin' }: TotpStepProps) {
  const { t } = useLingui();
  const MSG = useMsg();
  const twoFactorMsg = useSharedTexts('TWO_FACTOR_MSG', TWO_FACTOR_MSG);
  const setup = useTotpSetup(portal === 'admin' && stage === 'setup');
  const verify = useTotpVerify(portal);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(portal === 'admin' ? MSG.totp.codeRequired : twoFactorMsg.codeRequired);
      return;
    }
    setError(null);
    verify.mutate(value, {
      onSuccess: (res) => (res.recoveryCodes?.length ? setRecovery(res.recoveryCodes) : onDone()),
      onError: (err) => {
        setError(totpErrorMessage(err));
        setCode('');
      },
    });
  }

  return (
    <Card withBorder radius="lg" shadow="md" padding="xl" w="100%" maw={440}>
      <Stack gap="lg">
        <Logo />
        <div>
          <Title order={1} fz="h2">
            {stage === 'setup' ? t`Set up two-factor authentication` : t`Two-factor authentication`}
          </Title>
          <Text c="dimmed" fz="sm">
            {stage === 'setup'
              ? MSG.totp.setupRequired
              : portal === 'admin'
                ? MSG.totp.codeRequired
                : twoFactorMsg.signInRequired}
          </Text>
        </div>
        {recovery ? (
          <RecoveryCodes codes={recovery} message={MSG.totp.enabled} onDone={onDone} />
        ) : (
          <>
            {stage === 'setup' &&
              (setup.isError ? (
                <ErrorBox message={loadErrorText(setup.error)} onRetry={() => setup.mutate()} />
              ) : setup.data ? (
                <TotpEnrolKey secret={setup.data.secret} otpauthUrl={setup.data.otpauthUrl} testId="totp-secret" />
              ) : (
                <Loader size="sm" mx="auto" aria-label={t`Loading`} />
              ))}
            <ErrorAlert message={error} />
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <TextInput
                  label={stage === 'setup' ? t`Code from your app` : t`Code from your app or a recovery code`}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode={stage === 'setup' ? 'numeric' : 'text'}
                  autoFocus
                  maxLength={20}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
                <SubmitButton size="md" fullWidth pending={verify.isPending}>
                  <Trans>Verify</Trans>
                </SubmitButton>
              </Stack>
            </form>
            <Group justify="center">
              <Button variant="subtle" size="sm" onClick={onCancel}>
                <Trans>Back to login</Trans>
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
