import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { usernameErrorText, useUpdateUsername } from '../api/username';
import { localizeText } from '../../../shared/language/i18n';
import { useMsg } from '../../../shared/language/useMsg';
import { ErrorAlert } from '../../../components/ui/ErrorAlert';
import { SubmitButton } from '../../../components/ui/SubmitButton';

/** SPEC §4 username: read-only, Edit, Save (nothing sent when blank), back to read-only on success. */
export function UsernameEditor({ username }: { username: string }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const update = useUpdateUsername();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(username);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = value.trim();
    if (!next) return; // SPEC §5: non-blank, else nothing is sent
    setError(null);
    update.mutate(next, {
      onSuccess: (res) => {
        setSaved(next);
        setEditing(false);
        notifications.show({
          color: 'teal',
          message: res.message ? localizeText(res.message) : MSG.profile.usernameSaved,
        });
      },
      onError: (err) => setError(usernameErrorText(err)),
    });
  }

  const shown = saved ?? username;
  if (!editing) {
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            <Trans>Username</Trans>
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="username-value">
            {shown || t`Not set`}
          </Text>
        </div>
        <Button
          variant="light"
          size="xs"
          onClick={() => {
            setValue(shown);
            setError(null);
            setEditing(true);
          }}
        >
          <Trans>Edit</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t`Username`}
          description={t`3 to 30 letters, digits or underscores.`}
          value={value}
          maxLength={30}
          autoFocus
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <ErrorAlert message={error} />
        <Group gap="xs">
          <SubmitButton size="xs" pending={update.isPending}>
            <Trans>Save</Trans>
          </SubmitButton>
          <Button variant="default" size="xs" onClick={() => setEditing(false)} disabled={update.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
