import { MSG, PERMISSIONS } from '@svp/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setStoredUser } from '../lib/storedUser';
import { jsonResponse, LocationProbe, meAnswer, mockFetch, testConfig, testUser } from '../test/render';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';

function renderApp(path: string) {
  render(
    <AppProviders env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('routes', () => {
  it('shows "Page Not Found" for an unknown top-level path', () => {
    renderApp('/somewhere/else');
    expect(screen.getByRole('heading', { name: MSG.dashboard.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('opens on the login page with its three links', () => {
    renderApp('/');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgetPass');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('sends a visitor without a stored user from the dashboard to the login page', async () => {
    renderApp('/dashboard/plan');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends a user from the admin console to the login page', async () => {
    setStoredUser(testUser);
    renderApp('/dashadmin');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('lets an admin into the console settings', async () => {
    setStoredUser({ ...testUser, role: 'admin', email: 'admin@svp.test' });
    mockFetch({
      'GET /api/v1/me': () =>
        jsonResponse(200, meAnswer({ ...testUser, role: 'admin', email: 'admin@svp.test' }, null)),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
      // The console shows what the admin's roles may use (DESIGN D18).
      'GET /api/v1/admin/operator/me': () => jsonResponse(200, { roles: ['superadmin'], permissions: PERMISSIONS }),
    });
    renderApp('/dashadmin');
    for (const name of ['Manage Referrals', 'Manage Withdrawals', 'Manage Users', 'Admin Tickets']) {
      expect(await screen.findByRole('link', { name })).toHaveAttribute('href', expect.stringContaining('/dashadmin/'));
    }
  });
});
