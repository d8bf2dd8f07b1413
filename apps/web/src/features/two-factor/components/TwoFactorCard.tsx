import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { TWO_FACTOR_MSG, type TwoFactorStatus } from '@svp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { PasswordField } from '../../../components/ui/PasswordField';
import { fieldError, loadErrorText } from '../../../lib/errors';
import { useMsg, useSharedTexts } from '../../../shared/language/useMsg';
import { totpErrorMessage } from '../../../shared/session/totp-error';
import { RecoveryCodes, TotpEnrolKey } from '../../../shared/session/TotpParts';
import {
  twoFactorKeys,
  useTwoFactorConfirm,
  useTwoFactorDisable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';

type Mode = 'status' | 'enrol' | 'codes' | 'disable';

/** Enrolment: the key as a QR code and as text, then the first code turns it on. */
function Enrol({ onEnabled, onCancel }: { onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const twoFactorMsg = useSharedTexts('TWO_FACTOR_MSG', TWO_FACTOR_MSG);
  const setup = useTwoFactorSetup();
  const confirm = useTwoFactorConfirm();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError(MSG.totp.codeRequired);
    setError(null);
    confirm.mutate(value, {
      onSuccess: (res) => onEnabled(res.recoveryCodes),
      onError: (err) => {
        setError(totpErrorMessage(err));
        setCode('');
      },
    });
  }

  if (setup.isError) return <ErrorBox message={loadErrorText(setup.error)} onRetry={() => void setup.refetch()} />;
  if (!setup.data) return <Loader size="sm" aria-label={t`Loading`} />;
  return (
    <Stack gap="md">
      <Text fz="sm">{twoFactorMsg.enrolStarted}</Text>
      <TotpEnrolKey secret={setup.data.secret} otpauthUrl={setup.data.otpauthUrl} testId="two-factor-secret" />
      <ErrorAlert message={error} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t`Code from your app`}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={20}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Group gap="sm">
            <SubmitButton pending={confirm.isPending}>
              <Trans>Turn on</Trans>
            </SubmitButton>
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Turning it off: the password and a current code (or a recovery code). */
function Disable({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const twoFactorMsg = useSharedTexts('TWO_FACTOR_MSG', TWO_FACTOR_MSG);
  const disable = useTwoFactorDisable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(twoFactorMsg.passwordRequired);
    if (!code.trim()) return setError(twoFactorMsg.codeRequired);
    setError(null);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: onDisabled,
        onError: (err) => {
          setError(fieldError(err, 'password') ?? totpErrorMessage(err));
          setCode('');
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ErrorAlert message={error} />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <TextInput
          label={t`Code from your app or a recovery code`}
          name="code"
          autoComplete="one-time-code"
          maxLength={20}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group gap="sm">
          <SubmitButton color="red" pending={disable.isPending}>
            <Trans>Turn off two-factor authentication</Trans>
          </SubmitButton>
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Security, inside the Security card: two-factor sign-in (ADR 0024). Off: set it up with a QR code and a first code, then save the
 * ten recovery codes shown once. On: turn it off with the password and a code.
 */
export function TwoFactorCard() {
  const { t } = useLingui();
  const twoFactorMsg = useSharedTexts('TWO_FACTOR_MSG', TWO_FACTOR_MSG);
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus();
  const [mode, setMode] = useState<Mode>('status');
  const [codes, setCodes] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const enabled = status.data?.enabled ?? false;
  const codesLeft = status.data?.recoveryCodesLeft;

  const backToStatus = (message: string | null = null) => {
    setNotice(message);
    setMode('status');
    void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="two-factor-title">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={3} fz="h5" id="two-factor-title">
          <Trans>Two-factor authentication</Trans>
        </Title>
        {status.data && (
          <Badge color={enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-status">
            {enabled ? t`On` : t`Off`}
          </Badge>
        )}
      </Group>
      {status.isPending ? (
        <Loader size="sm" aria-label={t`Loading`} />
      ) : status.isError ? (
        <ErrorBox message={loadErrorText(status.error)} onRetry={() => void status.refetch()} />
      ) : mode === 'enrol' ? (
        <Enrol
          onEnabled={(recovery) => {
            // The badge follows the state at once: it said "Off" beside the message that it is on.
            queryClient.setQueryData<TwoFactorStatus>(twoFactorKeys.all, (old) =>
              old ? { ...old, enabled: true, recoveryCodesLeft: recovery.length } : old,
            );
            void queryClient.invalidateQueries({ queryKey: twoFactorKeys.all });
            setCodes(recovery);
            setMode('codes');
          }}
          onCancel={() => setMode('status')}
        />
      ) : mode === 'codes' ? (
        <RecoveryCodes
          codes={codes}
          message={twoFactorMsg.enabled}
          onDone={() => {
            setCodes([]);
            backToStatus();
          }}
        />
      ) : mode === 'disable' ? (
        <Disable onDisabled={() => backToStatus(twoFactorMsg.disabled)} onCancel={() => setMode('status')} />
      ) : (
        <Stack gap="sm">
          {notice && (
            <Alert color="teal" variant="light" role="status">
              {notice}
            </Alert>
          )}
          <Text fz="sm">
            {enabled ? (
              <Trans>
                Signing in asks for a code from your authenticator app after your password. Recovery codes left:{' '}
                {codesLeft}.
              </Trans>
            ) : (
              <Trans>
                Add a code from an authenticator app to your password, so a stolen password alone cannot sign in.
              </Trans>
            )}
          </Text>
          <Group>
            {enabled ? (
              <Button variant="light" color="red" onClick={() => setMode('disable')}>
                <Trans>Turn off</Trans>
              </Button>
            ) : (
              <Button
                onClick={() => {
                  setNotice(null);
                  setMode('enrol');
                }}
              >
                <Trans>Set up two-factor authentication</Trans>
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
