import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MSG, PASSWORD_MIN } from '@svp/shared';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg, useSharedTexts } from '../../../shared/language/useMsg';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/PasswordField';
import { fieldError } from '../../../lib/errors';
import { useChangePassword } from '../api/account';
import { actionErrorText } from './texts';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { useTextFields } from './useTextFields';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

/** The three password fields, in order. */
const FIELDS: {
  field: keyof typeof EMPTY;
  label: MessageDescriptor;
  description?: MessageDescriptor;
  autoComplete: string;
}[] = [
  { field: 'currentPassword', label: msg`Current password`, autoComplete: 'current-password' },
  {
    field: 'newPassword',
    label: msg`New password`,
    description: msg`At least ${PASSWORD_MIN} characters.`,
    autoComplete: 'new-password',
  },
  { field: 'confirm', label: msg`Confirm new password`, autoComplete: 'new-password' },
];

/** Change password: the current one, then the new one twice. Every other session is signed out by the server. */
export function ChangePasswordForm() {
  const { i18n } = useLingui();
  const MSG = useMsg();
  const accountMsg = useSharedTexts('ACCOUNT_MSG', ACCOUNT_MSG);
  const change = useChangePassword();
  const { form, set, reset } = useTextFields(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!form.currentPassword) found.currentPassword = accountMsg.currentPasswordRequired;
    if (form.newPassword.length < PASSWORD_MIN) found.newPassword = MSG.register.passwordShort;
    else if (form.newPassword !== form.confirm) found.confirm = accountMsg.passwordsMismatch;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: (res) => {
          reset();
          notifications.show({ color: 'teal', message: localizeText(res.message) });
        },
        onError: (error) => {
          const fields = {
            currentPassword: fieldError(error, 'currentPassword'),
            newPassword: fieldError(error, 'newPassword'),
          };
          setErrors(fields);
          if (!fields.currentPassword && !fields.newPassword) setFailure(actionErrorText(error));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
      <Stack gap="xs">
        <Title order={3} fz="h5" id="change-password-title">
          <Trans>Change password</Trans>
        </Title>
        {FIELDS.map(({ field, label, description, autoComplete }) => (
          <PasswordField
            key={field}
            label={i18n._(label)}
            description={description && i18n._(description)}
            autoComplete={autoComplete}
            value={form[field]}
            onChange={set(field)}
            error={errors[field]}
          />
        ))}
        <ErrorAlert message={failure} />
        <Button
          type="submit"
          loading={change.isPending}
          disabled={change.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          <Trans>Change password</Trans>
        </Button>
      </Stack>
    </form>
  );
}
