import { PERMISSIONS, OPERATOR_MSG } from '@svp/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, meAnswer, mockFetch, renderAt } from '../../../test/render';
import { operatorMe, signIn, testAdmin } from '../../../test/console';
import { AdminLayout } from './AdminLayout';
import { AdminSettingsPage } from './AdminPages';

beforeEach(() => signIn(testAdmin));

describe('the admin console shows only what the role may use', () => {
  it('support sees tickets, users and announcements, not withdrawals, treasury, exports or roles', async () => {
    mockFetch({ 'GET /api/v1/admin/operator/me': operatorMe('support') });
    renderAt(<AdminSettingsPage />, { path: '/dashadmin' });
    expect(await screen.findByRole('link', { name: 'Admin Tickets' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Users' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Announcements' })).toBeInTheDocument();
    for (const hidden of ['Manage Withdrawals', 'Treasury', 'Exports', 'Admin roles', 'Maintenance', 'Overview'])
      expect(screen.queryByRole('link', { name: hidden })).toBeNull();
  });

  it('a superadmin sees every screen', async () => {
    mockFetch({
      'GET /api/v1/admin/operator/me': () => jsonResponse(200, { roles: ['superadmin'], permissions: PERMISSIONS }),
    });
    renderAt(<AdminSettingsPage />, { path: '/dashadmin' });
    for (const name of ['Manage Withdrawals', 'Treasury', 'Exports', 'Admin roles', 'Maintenance', 'Audit log'])
      expect(await screen.findByRole('link', { name })).toBeInTheDocument();
  });

  it('a screen the role may not use says which permission it needs instead of showing it', async () => {
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer(testAdmin, null)),
      'GET /api/v1/admin/operator/me': operatorMe('support'),
    });
    renderAt(
      <AdminLayout>
        <p>Treasury screen</p>
      </AdminLayout>,
      { path: '/dashadmin/treasury', route: '/dashadmin/*' },
    );
    expect(await screen.findByText(OPERATOR_MSG.permissionDenied('treasury.read'))).toBeInTheDocument();
    expect(screen.queryByText('Treasury screen')).toBeNull();
  });
});
