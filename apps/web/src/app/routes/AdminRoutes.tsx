import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '../../components/ui/FullPageLoader';
import { NotFound } from '../../components/ui/NotFound';
import { AdminLayout } from '../../features/admin/components/AdminLayout';
import { ADMIN_SECTIONS, AdminSettingsPage, BackToSettings } from '../../features/admin/components/AdminPages';
import { ConsoleHome } from '../../features/admin/components/ConsoleHome';
import { DatasetTabs } from '../../features/admin/components/DatasetTabs';
import { ManageUsers } from '../../features/admin/components/ManageUsers';
import { ReferralUserUpdate } from '../../features/admin/components/ReferralUserUpdate';
import { UserFieldUpdate } from '../../features/admin/components/UserFieldUpdate';
import { LedgerView } from '../../features/history/components/LedgerView';
import { AdminTickets } from '../../features/tickets/components/admin/AdminTickets';
import { PendingWithdrawals } from '../../features/withdrawals/components/admin/PendingWithdrawals';

import { provideOperatorScreens } from '../../shared/admin-console';

// The operator screens (DESIGN D18) inside the console's frame, which may not import another feature itself: the
// app composes them here, in the console's own chunk, so no page outside the console downloads any of it.
provideOperatorScreens(() => import('../../features/operator/components/OperatorRoutes'));

const OverviewPage = lazy(() => import('../../features/admin/components/OverviewPage'));
const AuditLogPage = lazy(() => import('../../features/admin/components/AuditLogPage'));
const FlaggedDepositsPage = lazy(() => import('../../features/deposits/components/admin/FlaggedDepositsPage'));
const OutboxPage = lazy(() => import('../../features/admin/components/OutboxPage'));
const TreasuryPage = lazy(() => import('../../features/treasury/components/TreasuryPage'));

/** A settings section (SPEC §2): the console's own screens beside the withdrawal queue and the tickets. */
function AdminSectionPage({ path }: { path: (typeof ADMIN_SECTIONS)[number]['path'] }) {
  return (
    <Stack gap="md">
      <BackToSettings />
      {path === 'withdrawals' && (
        <>
          <UserFieldUpdate ledger={(userId) => <LedgerView scope={{ userId }} />} />
          <PendingWithdrawals />
        </>
      )}
      {path === 'referrals' && <ReferralUserUpdate />}
      {path === 'users' && (
        <>
          <ManageUsers />
          <DatasetTabs />
        </>
      )}
      {path === 'tickets' && <AdminTickets />}
    </Stack>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <BackToSettings />
      <div style={{ marginTop: 12 }}>{children}</div>
    </Suspense>
  );
}

/**
 * Everything under /dashadmin. The console opens on what matters (the overview's verdicts, what waits, what is
 * late) above the spec's Settings (SPEC §2), which stays whole there and at /dashadmin/settings.
 */
export default function AdminRoutes() {
  const { t } = useLingui();
  return (
    <AdminLayout>
      <Routes>
        <Route index element={<ConsoleHome />} />
        <Route path="settings" element={<AdminSettingsPage />} />
        {ADMIN_SECTIONS.map((section) => (
          <Route key={section.path} path={section.path} element={<AdminSectionPage path={section.path} />} />
        ))}
        <Route
          path="overview"
          element={
            <Page>
              <OverviewPage />
            </Page>
          }
        />
        <Route
          path="audit"
          element={
            <Page>
              <AuditLogPage />
            </Page>
          }
        />
        <Route
          path="deposits"
          element={
            <Page>
              <FlaggedDepositsPage />
            </Page>
          }
        />
        <Route
          path="outbox"
          element={
            <Page>
              <OutboxPage />
            </Page>
          }
        />
        <Route
          path="treasury"
          element={
            <Page>
              <TreasuryPage />
            </Page>
          }
        />
        <Route path="*" element={<NotFound homeTo="/dashadmin" homeLabel={t`Back to the admin console`} />} />
      </Routes>
    </AdminLayout>
  );
}
