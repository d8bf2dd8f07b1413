import { MSG } from '@svp/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt, recordingBodies } from '../../../test/render';
import { UsernameEditor } from './UsernameEditor';

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('username edit', () => {
  it('sends nothing when blank, shows the server refusal, then saves and returns to read-only', async () => {
    const sent: unknown[] = [];
    let answer: 'taken' | 'ok' = 'taken';
    mockFetch({
      'POST /api/v1/profile/username': recordingBodies(sent, () =>
        answer === 'taken'
          ? jsonResponse(409, { error: { code: 'CONFLICT', message: MSG.profile.usernameTaken } })
          : jsonResponse(200, { success: true, message: MSG.profile.usernameSaved }),
      ),
    });
    const user = userEvent.setup();
    renderAt(<UsernameEditor username="ada" />, { path: '/dashboard/settings' });
    expect(screen.getByTestId('username-value')).toHaveTextContent('ada');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByLabelText(/Username/);
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'bob');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.profile.usernameTaken);

    answer = 'ok';
    await user.clear(input);
    await user.type(input, 'ada_2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('username-value')).toHaveTextContent('ada_2'));
    expect(sent).toEqual([{ username: 'bob' }, { username: 'ada_2' }]);
  });

  it('shows the network text when the server cannot be reached', async () => {
    mockFetch({
      'POST /api/v1/profile/username': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderAt(<UsernameEditor username="" />, { path: '/dashboard/settings' });
    expect(screen.getByTestId('username-value')).toHaveTextContent('Not set');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText(/Username/), 'carol');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.profile.network)).toBeInTheDocument();
  });
});
