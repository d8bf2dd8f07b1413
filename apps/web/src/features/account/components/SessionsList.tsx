import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AccountSession } from '@svp/shared';
import { formatDateTime } from '../../../lib/text';
import { localizeText } from '../../../shared/language/i18n';
import { useEndSessions, useSessions } from '../api/account';
import { actionErrorText } from './texts';
import { SettingsQuery } from './SettingsQuery';

/** Where the account is signed in, this browser first marked; "Sign out" per session and everywhere else. */
export function SessionsList() {
  const { t } = useLingui();
  const sessions = useSessions();
  const end = useEndSessions();
  const ending = end.isPending ? end.variables : undefined;

  const signOut = (id: string | null) =>
    end.mutate(id, {
      onSuccess: (res) => notifications.show({ color: 'teal', message: localizeText(res.message) }),
      onError: (error) => notifications.show({ color: 'red', message: actionErrorText(error) }),
    });

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="h5">
          <Trans>Where you are signed in</Trans>
        </Title>
        <Button
          variant="light"
          color="red"
          size="xs"
          disabled={others === 0 || end.isPending}
          loading={ending === null}
          onClick={() => signOut(null)}
        >
          <Trans>Sign out everywhere else</Trans>
        </Button>
      </Group>
      <SettingsQuery query={sessions}>
        {(rows) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Active sessions`}>
            {rows.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onSignOut={() => signOut(session.id)}
                busy={ending === session.id}
                disabled={end.isPending}
              />
            ))}
          </Stack>
        )}
      </SettingsQuery>
    </Stack>
  );
}

function SessionRow({
  session,
  onSignOut,
  busy,
  disabled,
}: {
  session: AccountSession;
  onSignOut: () => void;
  busy: boolean;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const address = session.ip ?? t`Unknown address`;
  const lastSeen = formatDateTime(session.lastSeenAt);
  const signedIn = formatDateTime(session.createdAt);
  const device = session.device;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="session-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{session.device}</Text>
            {session.current && (
              <Badge color="teal" variant="light">
                <Trans>This device</Trans>
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Trans>
              {address} · last seen {lastSeen} · signed in {signedIn}
            </Trans>
          </Text>
        </div>
        {!session.current && (
          <Button
            variant="default"
            size="xs"
            onClick={onSignOut}
            loading={busy}
            disabled={disabled}
            aria-label={t`Sign out ${device}, last seen ${lastSeen}`}
          >
            <Trans>Sign out</Trans>
          </Button>
        )}
      </Group>
    </Paper>
  );
}
