import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/ui/CopyButton';

/*
 * The pieces every second-factor screen shares: the admin login's enrolment (TotpStep) and the user's
 * Settings → Security card (features/two-factor).
 */

/** The otpauth URL drawn as a QR code in the browser; `qrcode` loads only with the screen that shows it. */
export function TotpQrCode({ url }: { url: string }) {
  const { t } = useLingui();
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
        <img src={src} width={180} height={180} alt={t`QR code to add SVP Invest to your authenticator app`} />
      ) : (
        <Loader size="sm" m="auto" />
      )}
    </div>
  );
}

/** The QR code and the same key for typing by hand. */
export function TotpEnrolKey({ secret, otpauthUrl, testId }: { secret: string; otpauthUrl: string; testId: string }) {
  return (
    <Stack gap="xs">
      <Text fz="sm">
        <Trans>Scan this code with an authenticator app (Google Authenticator, Authy, 1Password…):</Trans>
      </Text>
      <TotpQrCode url={otpauthUrl} />
      <Text fz="sm">
        <Trans>Or enter this key by hand:</Trans>
      </Text>
      <Code block fz="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {secret}
      </Code>
    </Stack>
  );
}

/** Saves the codes as a text file, from the page itself (nothing is asked of the server again). */
function downloadCodes(codes: string[], heading: string) {
  const text = [heading, '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'svp-invest-recovery-codes.txt';
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once right after enrolment, with copy and download. */
export function RecoveryCodes({ codes, message, onDone }: { codes: string[]; message: string; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status">
        {message}
      </Alert>
      <Text fz="sm">
        <Trans>
          Each recovery code signs you in once if you lose your authenticator. They are shown only now: write them down
          or store them in a password manager.
        </Trans>
      </Text>
      <List spacing={4} data-testid="recovery-codes" style={{ columns: 2 }}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="sm">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')} label={t`Copy codes`} ariaLabel={t`Copy recovery codes`} size="sm" />
        <Button
          variant="light"
          size="sm"
          onClick={() => downloadCodes(codes, t`SVP Invest recovery codes (each works once):`)}
        >
          <Trans>Download codes</Trans>
        </Button>
      </Group>
      <Button size="md" onClick={onDone}>
        <Trans>I have saved them</Trans>
      </Button>
    </Stack>
  );
}
