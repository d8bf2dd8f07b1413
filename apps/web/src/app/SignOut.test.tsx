import { MSG } from '@svp/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, meAnswer, mockFetch, renderAt, testConfig, testUser } from '../test/render';
import { historyAnswer, signIn } from '../test/console';
import { liveStreamUp } from '../features/notifications/live/stream';
import { RequireRole } from './RequireRole';
import DashboardRoutes from './routes/DashboardRoutes';

beforeEach(() => signIn(testUser));
afterEach(() => vi.unstubAllGlobals());

describe('signing out', () => {
  it('asks nothing more of the ended session: no refetch, the live stream closed', async () => {
    let signedOut = false;
    const afterSignOut: string[] = [];
    let streamAborted = false;
    /** Every session endpoint answers 401 once the session has ended, as the server does. */
    const session =
      (body: () => unknown) =>
      (url: string): Response => {
        if (!signedOut) return jsonResponse(200, body());
        afterSignOut.push(url);
        return jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: MSG.common.unauthenticated } });
      };
    mockFetch({
      'GET /api/v1/me': session(() => meAnswer()),
      'GET /api/v1/config': () => jsonResponse(200, testConfig),
      'GET /api/v1/history': session(() => historyAnswer('Registered')),
      'GET /api/v1/notifications?limit=20': session(() => ({ notifications: [], unread: 0, next: null })),
      'GET /api/v1/events': (_url, init) => {
        init?.signal?.addEventListener('abort', () => (streamAborted = true));
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => controller.enqueue(new TextEncoder().encode(': heartbeat\n\n')),
        });
        return new Response(body, { status: 200 });
      },
      'POST /api/v1/auth/logout': () => {
        signedOut = true;
        return jsonResponse(200, { success: true });
      },
    });
    const user = userEvent.setup();
    renderAt(
      <RequireRole role="user">
        <DashboardRoutes />
      </RequireRole>,
      { path: '/dashboard/history', route: '/dashboard/*' },
    );
    expect(await screen.findByText('Registered', {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Profile menu' })); // starts the bell and its stream
    await waitFor(() => expect(liveStreamUp()).toBe(true));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    // Let whatever the sign-out set off run its course.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(afterSignOut).toEqual([]);
    expect(streamAborted).toBe(true);
    expect(liveStreamUp()).toBe(false);
  });
});
