import { MSG, PERMISSIONS } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser } from '../../../lib/useStoredUser';
import { jsonResponse, meAnswer, mockFetch, renderAt } from '../../../test/render';
import { signIn, testAdmin } from '../../../test/console';
import { AdminLayout } from './AdminLayout';

beforeEach(() => signIn(testAdmin));

describe('admin console frame', () => {
  it('logs out after the confirmation and lands on the admin login, not the user login', async () => {
    let loggedOut = false;
    mockFetch({
      'GET /api/v1/me': () => jsonResponse(200, meAnswer(testAdmin, null)),
      'GET /api/v1/admin/operator/me': () => jsonResponse(200, { roles: ['superadmin'], permissions: PERMISSIONS }),
      'POST /api/v1/auth/logout': () => {
        loggedOut = true;
        return jsonResponse(200, { success: true });
      },
    });
    const user = userEvent.setup();
    renderAt(
      <AdminLayout>
        <p>Console</p>
      </AdminLayout>,
      { path: '/dashadmin/withdrawals', route: '/dashadmin/*' },
    );
    expect(await screen.findByText('Console')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.logout.title });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashadmin/withdrawals');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: MSG.logout.title })).getByRole('button', { name: 'Logout' }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(loggedOut).toBe(true);
    expect(getStoredUser()).toBeNull();
  });
});
