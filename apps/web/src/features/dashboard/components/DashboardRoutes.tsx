import { Route, Routes } from 'react-router';
import { NotFound } from '../../../components/ui/NotFound';
import { DashboardLayout } from './DashboardLayout';
import { HomePage } from './HomePage';
import { COMING_SOON, ComingSoonPage, HistoryPage, SettingsPage } from './SectionPages';

/** Everything under /dashboard (SPEC §2); unknown paths show "Page Not Found" inside the layout. */
export default function DashboardRoutes() {
  return (
    <DashboardLayout>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="history" element={<HistoryPage />} />
        <Route path="settings" element={<SettingsPage />} />
        {Object.keys(COMING_SOON).map((section) => (
          <Route key={section} path={section} element={<ComingSoonPage section={section} />} />
        ))}
        <Route path="*" element={<NotFound homeTo="/dashboard" homeLabel="Back to your dashboard" />} />
      </Routes>
    </DashboardLayout>
  );
}
