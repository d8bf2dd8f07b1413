import { Alert, Button, Card, Code, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { MSG } from '@svp/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { Logo } from '../../../components/ui/Logo';
import { loadErrorText } from '../../../lib/errors';
import { useTotpSetup, useTotpVerify, type MfaStage } from '../api/admin-mfa';
import { totpErrorMessage } from '../../../shared/session/totp-error';

/** The otpauth URL drawn as a QR code in the browser; `qrcode` loads only with this step. */
function TotpQrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div style={{ background: '#fff', borderRadius: 8, padding: 4, width: 188, height: 188, margin: '0 auto' }}>
      {src ? (
        <img src={src} width={180} height={180} alt="QR code to add SVP Invest to your authenticator app" />
      ) : (
        <Loader size="sm" m="auto" />
      )}
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status">
        {MSG.totp.enabled}
      </Alert>
      <Text fz="sm">
        Each recovery code signs you in once if you lose your authenticator. They are shown only now: write them down or
        store them in a password manager.
      </Text>
      <List spacing={4} data-testid="recovery-codes" style={{ columns: 2 }}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="sm">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Button size="md" onClick={onDone}>
        I have saved them
      </Button>
    </Stack>
  );
}

interface TotpStepProps {
  stage: MfaStage;
  onDone: () => void;
  onCancel: () => void;
}

/** The admin login's second factor (DESIGN D14): enrol with a QR code on first login, then a code. */
export function TotpStep({ stage, onDone, onCancel }: TotpStepProps) {
  const setup = useTotpSetup(stage === 'setup');
  const verify = useTotpVerify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(MSG.totp.codeRequired);
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
            {stage === 'setup' ? 'Set up two-factor authentication' : 'Two-factor authentication'}
          </Title>
          <Text c="dimmed" fz="sm">
            {stage === 'setup' ? MSG.totp.setupRequired : MSG.totp.codeRequired}
          </Text>
        </div>
        {recovery ? (
          <RecoveryCodes codes={recovery} onDone={onDone} />
        ) : (
          <>
            {stage === 'setup' &&
              (setup.isPending ? (
                <Loader size="sm" mx="auto" aria-label="Loading" />
              ) : setup.isError ? (
                <ErrorBox message={loadErrorText(setup.error)} onRetry={() => void setup.refetch()} />
              ) : (
                <Stack gap="xs">
                  <Text fz="sm">
                    Scan this code with an authenticator app (Google Authenticator, Authy, 1Password…):
                  </Text>
                  <TotpQrCode url={setup.data.otpauthUrl} />
                  <Text fz="sm">Or enter this key by hand:</Text>
                  <Code block fz="sm" data-testid="totp-secret" style={{ overflowWrap: 'anywhere' }}>
                    {setup.data.secret}
                  </Code>
                </Stack>
              ))}
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <TextInput
                  label={stage === 'setup' ? 'Code from your app' : 'Code from your app or a recovery code'}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode={stage === 'setup' ? 'numeric' : 'text'}
                  autoFocus
                  maxLength={20}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
                <Button type="submit" size="md" fullWidth loading={verify.isPending} disabled={verify.isPending}>
                  Verify
                </Button>
              </Stack>
            </form>
            <Group justify="center">
              <Button variant="subtle" size="sm" onClick={onCancel}>
                Back to login
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
