import { useLingui } from '@lingui/react/macro';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { memo, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBox } from '../../components/ui/ErrorBox';
import { FullPageLoader } from '../../components/ui/FullPageLoader';
import { useStoredUser } from '../../lib/useStoredUser';
import { useMsg } from '../../shared/language/useMsg';
import { meErrorText, useMe } from '../../shared/session/me';
import { LogoutModal } from '../../shared/session/LogoutModal';
import classes from './DashboardLayout.module.css';
import { DashboardHeader } from './DashboardHeader';
import { Sidebar } from './Sidebar';
import { BottomTabs } from './BottomTabs';
import { DashboardUserContext } from '../../shared/session/user-context';
import { VerifyEmailBanner } from '../../features/account/components/VerifyEmailBanner';

/** Mantine AppShell breakpoint in px: the navbar collapses at widths of 768 px and below (SPEC §2, §9). */
export const SIDEBAR_BREAKPOINT = 768.5;
const HEADER_HEIGHT = 88;

// Redrawn only when their props change (see `user` below), not whenever the layout renders.
const Header = memo(DashboardHeader);
const Navigation = memo(Sidebar);

export function DashboardLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const me = useMe();
  // Mounting a page (the home above all) is the heaviest render of a visit. The /me answer arrives as an
  // urgent update, which React renders in one piece; the page mounts from this deferred copy instead, in a
  // background render that yields to the browser every few milliseconds. Until it is ready the loading
  // state stays (SPEC §8); an error shows at once.
  const loaded = useDeferredValue(me.data);
  const stored = useStoredUser();
  // First paint uses the stored snapshot; /me replaces it as soon as it answers, in the same background render.
  const user = useDeferredValue(me.data ?? stored);
  const [navOpen, nav] = useDisclosure(false);
  const [logoutOpen, logout] = useDisclosure(false);
  // On a phone the sidebar is a drawer behind "More": drawn when first opened, not on the first screen, where it
  // would only add to the dashboard's first task (DESIGN §7). Once drawn it stays, so it can slide away.
  const compact = useMediaQuery(`(max-width: ${SIDEBAR_BREAKPOINT - 0.5}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const [navDrawn, setNavDrawn] = useState(false);
  if (navOpen && !navDrawn) setNavDrawn(true);
  const { pathname } = useLocation();

  const closeNav = nav.close;
  useEffect(() => closeNav(), [pathname, closeNav]);

  const meError = me.isError ? meErrorText(me.error) : '';

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 280, breakpoint: SIDEBAR_BREAKPOINT, collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Header user={user} navOpen={navOpen} onToggleNav={nav.toggle} onLogout={logout.open} />
      </AppShell.Header>
      <AppShell.Navbar id="dashboard-sidebar" aria-label={t`Dashboard navigation`} p="md">
        {(!compact || navOpen || navDrawn) && <Navigation user={user} />}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <Container size="lg" px={0}>
          {me.isError ? (
            <ErrorBox message={t`Error: ${meError}`} onRetry={() => void me.refetch()} />
          ) : me.isPending || !loaded ? (
            <FullPageLoader label={MSG.dashboard.loading} />
          ) : (
            <DashboardUserContext.Provider value={loaded}>
              <VerifyEmailBanner />
              {children}
            </DashboardUserContext.Provider>
          )}
        </Container>
      </AppShell.Main>
      <BottomTabs />
      <LogoutModal opened={logoutOpen} onClose={logout.close} />
    </AppShell>
  );
}
