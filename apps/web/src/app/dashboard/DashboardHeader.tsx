import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Avatar, Badge, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { formatUsd, type UserSnapshot } from '@svp/shared';
import { Link } from 'react-router';
import { ColorSchemeToggle } from '../../components/ui/ColorSchemeToggle';
import { ChevronIcon, LogoutIcon, MenuIcon, SettingsIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/Logo';
import { LanguagePicker } from '../../shared/language/LanguagePicker';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { DEFAULT_BRAND, usePublicConfig } from '../../shared/public-config';
import classes from './DashboardHeader.module.css';
import { Marquee } from './Marquee';

interface DashboardHeaderProps {
  user: UserSnapshot | null;
  navOpen: boolean;
  onToggleNav: () => void;
  onLogout: () => void;
}

export function DashboardHeader({ user, navOpen, onToggleNav, onLogout }: DashboardHeaderProps) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const brand = config.data?.brand || i18n._(DEFAULT_BRAND);
  const initial = (user?.username || user?.email || '?').charAt(0).toUpperCase();
  const balance = user ? formatUsd(user.balance) : '';

  return (
    <>
      <Marquee text={config.data?.notice ?? ''} />
      <div className={classes.bar}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Button
            className={classes.more}
            variant="default"
            size="sm"
            leftSection={<MenuIcon />}
            onClick={onToggleNav}
            aria-expanded={navOpen}
            aria-controls="dashboard-sidebar"
            aria-label={t`More`}
          >
            <span className={classes.moreText}>
              <Trans>More</Trans>
            </span>
          </Button>
          <UnstyledButton component={Link} to="/dashboard" aria-label={t`${brand} home`}>
            <Group gap={8} wrap="nowrap">
              <Logo size={30} withText={false} />
              <Text fw={800} fz="lg" className={classes.wide} truncate>
                {brand}
              </Text>
            </Group>
          </UnstyledButton>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {user && (
            <Badge size="lg" variant="light" radius="md" tt="none" aria-label={t`Balance ${balance}`}>
              {balance}
            </Badge>
          )}
          {user && user.role === 'user' && <NotificationBell />}
          {/* At 768 px and below the bar is full: the picker moves into the sidebar's drawer, behind "More". */}
          <span className={classes.desktop}>
            <LanguagePicker />
          </span>
          <ColorSchemeToggle />
          <Tooltip label={t`Settings`}>
            <ActionIcon
              component={Link}
              to="/dashboard/settings"
              variant="default"
              size="lg"
              radius="md"
              aria-label={t`Settings`}
              className={classes.wide}
            >
              <SettingsIcon />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" width={220} withArrow>
            <Menu.Target>
              <UnstyledButton aria-label={t`Profile menu`}>
                <Group gap={4} wrap="nowrap">
                  <Avatar radius="xl" size={34} color="teal">
                    {initial}
                  </Avatar>
                  <ChevronIcon width={14} height={14} />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {user && (
                <Menu.Label>
                  <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
                    {user.username || t`Your account`}
                  </Text>
                  <Text fz="xs" truncate>
                    {user.email}
                  </Text>
                </Menu.Label>
              )}
              <Menu.Item component={Link} to="/dashboard/settings" leftSection={<SettingsIcon width={16} />}>
                <Trans>Settings</Trans>
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<LogoutIcon width={16} />} onClick={onLogout}>
                <Trans>Logout</Trans>
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </div>
    </>
  );
}
