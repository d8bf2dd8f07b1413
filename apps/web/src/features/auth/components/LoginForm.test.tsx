import { MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser } from '../../../lib/useStoredUser';
import { jsonResponse, mockFetch, renderAt, testUser } from '../../../test/render';
import { ADMIN_LOGIN, USER_LOGIN } from '../api/login';
import { LoginForm } from './LoginForm';

function renderLogin(variant = USER_LOGIN) {
  renderAt(
    <LoginForm
      variant={variant}
      title="Login"
      subtitle=""
      redirectTo={variant === USER_LOGIN ? '/dashboard' : '/dashadmin'}
      links={null}
    />,
    { path: '/login', route: '/login' },
  );
  return userEvent.setup();
}

async function submit(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com', password = 'secret-123') {
  if (email) await user.type(screen.getByLabelText('Email or phone'), email);
  if (password) await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('LoginForm', () => {
  it('asks for both fields before calling the server', async () => {
    const fetch = mockFetch({});
    const user = renderLogin();
    await submit(user, 'ada@example.com', '');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.login.bothRequired);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stores the snapshot and goes to the dashboard', async () => {
    mockFetch({
      'POST /api/v1/auth/login': () => jsonResponse(200, { success: true, message: 'Welcome', user: testUser }),
    });
    const user = renderLogin();
    await submit(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(getStoredUser()).toEqual(testUser);
  });

  it('shows the access-denied message exactly as the server words it', async () => {
    mockFetch({
      'POST /api/v1/auth/login': () =>
        jsonResponse(403, { error: { code: 'ROLE_DENIED', message: MSG.login.userOnly } }),
    });
    const user = renderLogin();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${MSG.login.userOnly}$`));
    expect(getStoredUser()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('keeps the visitor on the page after a wrong password (a login 401 is not a logout)', async () => {
    mockFetch({
      'POST /api/v1/auth/admin/login': () =>
        jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: MSG.adminLogin.invalid } }),
    });
    const user = renderLogin(ADMIN_LOGIN);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.adminLogin.invalid);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('refuses a snapshot of the wrong role even if the server let it through', async () => {
    mockFetch({
      'POST /api/v1/auth/admin/login': () => jsonResponse(200, { success: true, message: 'ok', user: testUser }),
    });
    const user = renderLogin(ADMIN_LOGIN);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.adminLogin.adminOnly);
    expect(getStoredUser()).toBeNull();
  });

  it('prefixes unexpected HTTP failures with "Error: " and explains network failures', async () => {
    const responses: (() => Response)[] = [
      () => new Response('oops', { status: 500 }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    mockFetch({ 'POST /api/v1/auth/login': () => responses.shift()!() });
    const user = renderLogin();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error: ${MSG.login.httpErrorDefault}`);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.login.network)).toBeInTheDocument();
  });
});
