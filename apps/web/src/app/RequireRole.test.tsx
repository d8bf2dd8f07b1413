import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStoredUser, STORED_USER_KEY } from '../lib/storedUser';
import { renderAt, testUser } from '../test/render';
import { RequireRole } from './RequireRole';

const guarded = (role: 'user' | 'admin') => (
  <RequireRole role={role}>
    <div>Secret area</div>
  </RequireRole>
);

describe('RequireRole', () => {
  it('sends a visitor without a stored user to the login page', () => {
    renderAt(guarded('user'), { path: '/dashboard', route: '/dashboard/*' });
    expect(screen.queryByText('Secret area')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends a user away from the admin console', () => {
    setStoredUser(testUser);
    renderAt(guarded('admin'), { path: '/dashadmin', route: '/dashadmin/*' });
    expect(screen.queryByText('Secret area')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends an admin away from the user dashboard', () => {
    setStoredUser({ ...testUser, role: 'admin' });
    renderAt(guarded('user'), { path: '/dashboard/plan', route: '/dashboard/*' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('ignores a tampered snapshot', () => {
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ role: 'user' }));
    renderAt(guarded('user'), { path: '/dashboard', route: '/dashboard/*' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('lets the right role in', () => {
    setStoredUser(testUser);
    renderAt(guarded('user'), { path: '/dashboard/history', route: '/dashboard/*' });
    expect(screen.getByText('Secret area')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/history');
  });
});
