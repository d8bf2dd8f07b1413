import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, meAnswer, mockFetch, renderAt, testConfig, testUser } from '../test/render';
import { signIn } from '../test/console';
import DashboardRoutes from './routes/DashboardRoutes';

beforeEach(() => signIn(testUser));

describe('Settings → Security', () => {
  it('holds the two-factor part, as the README names it', async () => {
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer()),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
      'GET /api/v1/account/security': () =>
        jsonResponse(200, { email: testUser.email, emailVerified: true, pendingEmail: null }),
      'GET /api/v1/account/sessions': () => jsonResponse(200, { sessions: [] }),
      'GET /api/v1/account/sign-ins': () => jsonResponse(200, { signIns: [] }),
      'GET /api/v1/two-factor': () => jsonResponse(200, { enabled: false, recoveryCodesLeft: 0 }),
      'GET /api/v1/notifications/preferences': () => jsonResponse(200, { email: {} }),
    });
    renderAt(<DashboardRoutes />, { path: '/dashboard/settings', route: '/dashboard/*' });
    const security = await screen.findByRole('region', { name: 'Security' });
    expect(await within(security).findByRole('region', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(within(security).getByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });
});
