import { Route, Routes } from 'react-router';
import { NotFound } from '../../../components/ui/NotFound';
import { AdminLayout } from './AdminLayout';
import { ADMIN_SECTIONS, AdminSectionPage, AdminSettingsPage } from './AdminPages';

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
        <Route path="*" element={<NotFound homeTo="/dashadmin" homeLabel="Back to the admin console" />} />
      </Routes>
    </AdminLayout>
  );
}
