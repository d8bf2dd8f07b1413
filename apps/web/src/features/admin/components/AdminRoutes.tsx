import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '../../../components/ui/FullPageLoader';
import { NotFound } from '../../../components/ui/NotFound';
import { AdminLayout } from './AdminLayout';
import { ADMIN_SECTIONS, AdminSectionPage, AdminSettingsPage, BackToSettings } from './AdminPages';

const OverviewPage = lazy(() => import('./OverviewPage'));
const AuditLogPage = lazy(() => import('./AuditLogPage'));
const FlaggedDepositsPage = lazy(() => import('./FlaggedDepositsPage'));
const OutboxPage = lazy(() => import('./OutboxPage'));
const TreasuryPage = lazy(() => import('./treasury/TreasuryPage'));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <BackToSettings />
      <div style={{ marginTop: 12 }}>{children}</div>
    </Suspense>
  );
}

/** Everything under /dashadmin; the console opens on its Settings page (SPEC §2). */
export default function AdminRoutes() {
  return (
    <AdminLayout>
      <Routes>
        <Route index element={<AdminSettingsPage />} />
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
        <Route path="*" element={<NotFound homeTo="/dashadmin" homeLabel="Back to the admin console" />} />
      </Routes>
    </AdminLayout>
  );
}
