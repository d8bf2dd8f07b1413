import { MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { ManageUsers } from './ManageUsers';

const row = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Name ${n}`,
  email: `user${n}@example.com`,
  username: `user${n}`,
  role: 'user',
  disabled: false,
});
const USERS = '/api/v1/admin/users';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('Manage Users', () => {
  it('loads a page, then the next with the cursor the server gave', async () => {
    mockFetch({
      [`GET ${USERS}?q=&status=all&sort=newest&limit=50`]: () =>
        jsonResponse(200, { users: [row(1), row(2)], nextCursor: 'page-2' }),
      [`GET ${USERS}?q=&status=all&sort=newest&limit=50&after=page-2`]: () =>
        jsonResponse(200, { users: [row(3)], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderAt(<ManageUsers />, { path: '/dashadmin/users' });
    expect(await screen.findAllByTestId('user-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    expect(screen.getByText('user3@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks the server for the start of an e-mail and says when no user matches', async () => {
    mockFetch({
      [`GET ${USERS}?q=&status=all&sort=newest&limit=50`]: () =>
        jsonResponse(200, { users: [row(1)], nextCursor: null }),
      [`GET ${USERS}?q=zed&status=all&sort=newest&limit=50`]: () => jsonResponse(200, { users: [], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderAt(<ManageUsers />, { path: '/dashadmin/users' });
    expect(await screen.findAllByTestId('user-row')).toHaveLength(1);
    await user.type(screen.getByLabelText('Search'), 'zed');
    expect(await screen.findByText(MSG.admin.noUsers)).toBeInTheDocument();
  });
});
