import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { NotificationView } from '@svp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loadErrorText } from '../../../lib/errors';
import { currentLanguage, localizeText } from '../../../shared/language/i18n';
import { useMarkRead, useNotifications } from '../api/notifications';
import { useAfterFirstScreen } from '../live/after-first-screen';
import { useLiveStream } from '../live/stream';
import { BellIcon } from '../../../components/ui/icons';

// In UTC, so every reader sees the same time as the e-mail; in the picked language's date format.
const when = (iso: string) =>
  new Date(iso).toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
  ' UTC';

function NotificationItem({ item, onRead, busy }: { item: NotificationView; onRead: () => void; busy: boolean }) {
  const { t } = useLingui();
  // The server stores a notification's words in English: shown in the reader's language when they are shared texts.
  const title = localizeText(item.title);
  return (
    <li
      style={{
        listStyle: 'none',
        padding: '8px 10px',
        borderRadius: 8,
        background: item.read ? undefined : 'var(--mantine-color-default-hover)',
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={item.read ? 500 : 700} fz="sm">
          {title}
          {!item.read && <VisuallyHidden> {t`(unread)`}</VisuallyHidden>}
        </Text>
        {!item.read && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onRead}
            disabled={busy}
            aria-label={t`Mark "${title}" read`}
          >
            <Trans>Mark read</Trans>
          </Button>
        )}
      </Group>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {localizeText(item.body)}
      </Text>
      {item.link && (
        <Anchor href={item.link} target="_blank" rel="noopener noreferrer" fz="sm">
          <Trans>View the transaction</Trans>
          <VisuallyHidden> {t`(opens in a new tab)`}</VisuallyHidden>
        </Anchor>
      )}
      <Text fz="xs" c="dimmed">
        {when(item.createdAt)}
      </Text>
    </li>
  );
}

/** The top bar's bell: the unread count and the newest notifications (DESIGN D17). Keeps the live stream open. */
export function NotificationBell() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const started = useAfterFirstScreen();
  useLiveStream(queryClient, started);
  const [opened, setOpened] = useState(false);
  const list = useNotifications(started || opened);
  const markRead = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.notifications ?? [];
  const label = unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={340}
      withArrow
      shadow="md"
      trapFocus
      withRoles={false}
    >
      <div style={{ position: 'relative', display: 'inline-flex' }}>
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            radius="md"
            aria-label={label}
            aria-expanded={opened}
            aria-haspopup="dialog"
            aria-controls={opened ? 'notification-list' : undefined}
            onClick={() => setOpened((o) => !o)}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        {unread > 0 && (
          // The count is in the button's name; the badge is what the eye reads.
          <Badge
            aria-hidden
            size="sm"
            color="red"
            variant="filled"
            circle={unread < 10}
            style={{ position: 'absolute', top: -6, right: -6, pointerEvents: 'none' }}
          >
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </div>
      <Popover.Dropdown p="xs" id="notification-list" aria-label={t`Notifications`} role="dialog">
        <Group justify="space-between" px={6} pb={6}>
          <Text fw={700} component="h2" fz="md" m={0}>
            <Trans>Notifications</Trans>
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate(null)}
          >
            <Trans>Mark all read</Trans>
          </Button>
        </Group>
        {list.isPending ? (
          <Text fz="sm" p="sm">
            <Trans>Loading…</Trans>
          </Text>
        ) : list.isError ? (
          <Text fz="sm" p="sm" c="red" role="alert">
            {loadErrorText(list.error)}
          </Text>
        ) : items.length === 0 ? (
          <Text fz="sm" p="sm" c="dimmed">
            <Trans>No notifications yet.</Trans>
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack component="ul" gap={4} m={0} p={0} aria-label={t`Newest notifications`}>
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  busy={markRead.isPending}
                  onRead={() => markRead.mutate(item.id)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
