import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { API, okResponseSchema } from '@svp/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiPost, setReauthHandler } from '../../../lib/api';
import { totpErrorMessage } from '../../../shared/session/totp-error';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';

/**
 * "Confirm it's you": opened by the API client when the server asks for a fresh second factor before
 * an admin changes their own e-mail or wallet; the refused request is sent again once a code is accepted.
 */
export function ReauthModal() {
  const { t } = useLingui();
  const MSG = useMsg();
  const [opened, setOpened] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setReauthHandler(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setCode('');
          setError(null);
          setOpened(true);
        }),
    );
    return () => setReauthHandler(null);
  }, []);

  function finish(confirmed: boolean) {
    settle.current?.(confirmed);
    settle.current = null;
    setOpened(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(MSG.totp.codeRequired);
    setBusy(true);
    try {
      await apiPost(API.adminReauth, { code: code.trim() }, { schema: okResponseSchema, logoutOn401: false });
      finish(true);
    } catch (failure) {
      setError(localizeText(totpErrorMessage(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={() => finish(false)} title={t`Confirm it's you`} centered>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <Alert color="blue" variant="light">
            {MSG.totp.reauthRequired}
          </Alert>
          <TextInput
            label={t`Authenticator code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => finish(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
