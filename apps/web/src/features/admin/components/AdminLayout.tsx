import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, AppShell, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { OPERATOR_MSG } from '@svp/shared';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../../../components/ui/ColorSchemeToggle';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { FullPageLoader } from '../../../components/ui/FullPageLoader';
import { LogoutIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/Logo';
import { operatorScreensComponent, permissionForPath, useOperatorMe } from '../../../shared/admin-console';
import { meErrorText, useMe } from '../../../shared/session/me';
import { localizeText } from '../../../shared/language/i18n';
import { LanguagePicker } from '../../../shared/language/LanguagePicker';
import { useMsg, useSharedTexts } from '../../../shared/language/useMsg';
import { AdminLogoutModal } from './AdminLogoutModal';
import { ReauthModal } from './ReauthModal';

/** The admin console frame: brand, language, theme switch and Logout (with the same confirmation as users get). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const me = useMe();
  const [logoutOpen, logout] = useDisclosure(false);
  const screen = useConsoleScreen(children);
  const meText = localizeText(meErrorText(me.error));

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <UnstyledButton component={Link} to="/dashadmin" aria-label={t`Admin console home`}>
            <Group gap={8} wrap="nowrap">
              <Logo size={30} withText={false} />
              {/* Hidden on a phone: the logo (named by the link) leaves room for the language picker at 375 px. */}
              <Text fw={800} fz={{ base: 'md', sm: 'lg' }} style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
                <Trans>Admin Console</Trans>
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            {me.data && (
              <Text fz="sm" c="dimmed" visibleFrom="sm" truncate maw={220}>
                {me.data.email}
              </Text>
            )}
            <LanguagePicker />
            <ColorSchemeToggle />
            <Button variant="default" size="sm" leftSection={<LogoutIcon width={16} />} onClick={logout.open}>
              <Trans>Logout</Trans>
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="var(--mantine-color-body)">
        <Container size="lg" px={0}>
          {me.isPending ? (
            <FullPageLoader label={MSG.dashboard.loading} />
          ) : me.isError ? (
            <ErrorBox message={t`Error: ${meText}`} onRetry={() => void me.refetch()} />
          ) : (
            screen
          )}
        </Container>
      </AppShell.Main>
      <AdminLogoutModal opened={logoutOpen} onClose={logout.close} />
      <ReauthModal />
    </AppShell>
  );
}

/**
 * What the console shows at this address (DESIGN D18): an operator screen (features/operator, handed over by main.tsx),
 * or the route's own screen when the admin's roles allow it, or which permission is missing.
 */
function useConsoleScreen(children: ReactNode): ReactNode {
  const { t } = useLingui();
  const operatorMsg = useSharedTexts('OPERATOR_MSG', OPERATOR_MSG);
  const { pathname } = useLocation();
  const operator = useOperatorMe();
  const OperatorScreens = operatorScreensComponent();
  if (OperatorScreens && pathname.startsWith('/dashadmin/operator/'))
    return (
      <Suspense fallback={<FullPageLoader />}>
        <OperatorScreens />
      </Suspense>
    );
  const needed = permissionForPath(pathname);
  if (!needed) return children;
  if (operator.isPending) return <FullPageLoader />;
  if (operator.isError)
    return <ErrorBox message={localizeText(operator.error.message)} onRetry={() => void operator.refetch()} />;
  if (!operator.data.permissions.includes(needed))
    return (
      <Alert color="yellow" title={t`Not available to your role`} role="alert">
        {operatorMsg.permissionDenied(needed)}
      </Alert>
    );
  return children;
}
