import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack } from '@mantine/core';
import { Link, Route, Routes } from 'react-router';
import { NotFound } from '../../../components/ui/NotFound';
import { CONSOLE_PATH_PERMISSIONS } from '../../../shared/admin-console';
import { AnnouncementsPage } from './AnnouncementsPage';
import { ExportsPage } from './ExportsPage';
import { MaintenancePage } from './MaintenancePage';
import { PermissionGate } from './PermissionGate';
import { RolesPage } from './RolesPage';

const PAGES = {
  'operator/roles': <RolesPage />,
  'operator/maintenance': <MaintenancePage />,
  'operator/announcements': <AnnouncementsPage />,
  'operator/exports': <ExportsPage />,
} as const;

/** The operator screens under /dashadmin/operator/ (DESIGN D18), each behind its permission. Lazy-loaded. */
export default function OperatorRoutes() {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashadmin" fz="sm">
        <Trans>← Back to Settings</Trans>
      </Anchor>
      <Routes>
        {Object.entries(PAGES).map(([path, page]) => (
          <Route
            key={path}
            path={path}
            element={<PermissionGate permission={CONSOLE_PATH_PERMISSIONS[path]!}>{page}</PermissionGate>}
          />
        ))}
        <Route path="*" element={<NotFound homeTo="/dashadmin" homeLabel={t`Back to the admin console`} />} />
      </Routes>
    </Stack>
  );
}
