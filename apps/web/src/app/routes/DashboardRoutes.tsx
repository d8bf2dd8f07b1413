import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '../../components/ui/FullPageLoader';
import { NotFound } from '../../components/ui/NotFound';
import { DashboardLayout } from '../dashboard/DashboardLayout';
import { HomePage } from '../dashboard/HomePage';
import { COMING_SOON, ComingSoonPage, SettingsPage } from '../dashboard/SectionPages';

// The money screens load when first visited; the top-up panel brings the QR code and barcode libraries.
const TopupPage = lazy(() => import('../../features/deposits/components/TopupPage'));
const PlansPage = lazy(() => import('../../features/plans/components/PlansPage'));
const WithdrawPage = lazy(() => import('../../features/withdrawals/components/WithdrawPage'));
const HistoryPage = lazy(() => import('../../features/history/components/HistoryPage'));
const ReferralPage = lazy(() => import('../../features/referrals/components/ReferralPage'));
const MessagesPage = lazy(() => import('../../features/tickets/components/MessagesPage'));
const FaqPage = lazy(() => import('../../features/system/components/FaqPage'));
const DailyTaskPage = lazy(() => import('../../features/engagement/components/dailytask/DailyTaskPage'));
const StakingRoomPage = lazy(() => import('../../features/staking/components/StakingRoomPage'));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoader />}>{children}</Suspense>;
}

/** Everything under /dashboard (SPEC §2); unknown paths show "Page Not Found" inside the layout. */
export default function DashboardRoutes() {
  const { t } = useLingui();
  return (
    <DashboardLayout>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route
          path="history"
          element={
            <Page>
              <HistoryPage />
            </Page>
          }
        />
        <Route
          path="topup"
          element={
            <Page>
              <TopupPage />
            </Page>
          }
        />
        <Route
          path="plan"
          element={
            <Page>
              <PlansPage />
            </Page>
          }
        />
        <Route
          path="withdraw"
          element={
            <Page>
              <WithdrawPage />
            </Page>
          }
        />
        <Route
          path="referral"
          element={
            <Page>
              <ReferralPage />
            </Page>
          }
        />
        <Route
          path="dailytask"
          element={
            <Page>
              <DailyTaskPage />
            </Page>
          }
        />
        <Route
          path="stakingroom"
          element={
            <Page>
              <StakingRoomPage />
            </Page>
          }
        />
        <Route
          path="messages"
          element={
            <Page>
              <MessagesPage />
            </Page>
          }
        />
        <Route
          path="reports"
          element={
            <Page>
              <FaqPage />
            </Page>
          }
        />
        {Object.keys(COMING_SOON).map((section) => (
          <Route key={section} path={section} element={<ComingSoonPage section={section} />} />
        ))}
        <Route path="*" element={<NotFound homeTo="/dashboard" homeLabel={t`Back to your dashboard`} />} />
      </Routes>
    </DashboardLayout>
  );
}
