import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MSG, isEmail } from '@svp/shared';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg, useSharedTexts } from '../../../shared/language/useMsg';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';
import { fieldError, loadErrorText } from '../../../lib/errors';
import { useAccountSecurity, useChangeEmail } from '../api/account';
import { useResendVerification } from '../api/resend';
import { actionErrorText } from './texts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { OutcomeAlert, type Outcome } from '../../../components/ui/OutcomeAlert';
import { useTextFields } from './useTextFields';

function PendingEmail({ email }: { email: string }) {
  return <Trans>Waiting for confirmation: {email}. Open the link we sent there to finish the change.</Trans>;
}

/** The account's e-mail: verified or not, a change waiting for its link, "Resend", and the change form. */
export function EmailSettings() {
  const { t } = useLingui();
  const MSG = useMsg();
  const accountMsg = useSharedTexts('ACCOUNT_MSG', ACCOUNT_MSG);
  const security = useAccountSecurity();
  const resend = useResendVerification();
  const change = useChangeEmail();
  const { form, set, reset } = useTextFields({ newEmail: '', password: '' });
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string }>({});
  const [message, setMessage] = useState<Outcome | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!isEmail(form.newEmail)) found.newEmail = MSG.register.emailInvalid;
    if (!form.password) found.password = accountMsg.currentPasswordRequired;
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return;
    change.mutate(form, {
      onSuccess: (res) => {
        reset();
        setMessage({ ok: true, text: localizeText(res.message) });
      },
      onError: (error) => {
        const fields = { newEmail: fieldError(error, 'newEmail'), password: fieldError(error, 'password') };
        setErrors(fields);
        if (!fields.newEmail && !fields.password) setMessage({ ok: false, text: actionErrorText(error) });
      },
    });
  }

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (res) => notifications.show({ color: 'teal', message: localizeText(res.message) }),
      onError: (error) => notifications.show({ color: 'red', message: actionErrorText(error) }),
    });

  const data = security.data;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        <Trans>E-mail address</Trans>
      </Title>
      {security.isError ? (
        <ErrorAlert message={loadErrorText(security.error)} />
      ) : data ? (
        <Stack gap={6}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {data.email}
            </Text>
            <Badge color={data.emailVerified ? 'teal' : 'yellow'} variant="light">
              {data.emailVerified ? t`Verified` : t`Not verified`}
            </Badge>
          </Group>
          {data.pendingEmail && (
            <Text fz="sm" data-testid="pending-email">
              <PendingEmail email={data.pendingEmail} />
            </Text>
          )}
          {(data.pendingEmail || !data.emailVerified) && (
            <Button
              variant="light"
              size="xs"
              onClick={onResend}
              loading={resend.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              <Trans>Resend verification link</Trans>
            </Button>
          )}
        </Stack>
      ) : (
        <Text c="dimmed" fz="sm">
          <Trans>Loading…</Trans>
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t`Change e-mail address`}>
        <Stack gap="xs">
          <TextInput
            label={t`New e-mail address`}
            type="email"
            autoComplete="email"
            value={form.newEmail}
            onChange={set('newEmail')}
            error={errors.newEmail}
          />
          <PasswordField
            label={t`Your password`}
            autoComplete="current-password"
            value={form.password}
            onChange={set('password')}
            error={errors.password}
          />
          <OutcomeAlert outcome={message} />
          <Button
            type="submit"
            loading={change.isPending}
            disabled={change.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>Change e-mail</Trans>
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
