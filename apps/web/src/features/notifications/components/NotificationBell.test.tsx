import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../../lib/storedUser';
import { jsonResponse, mockFetch, renderAt, testUser } from '../../../test/render';
import { liveStreamUp } from '../live/stream';
import { NotificationBell } from './NotificationBell';

const item = (id: string, title: string, read = false) => ({
  id,
  type: 'deposit.credited',
  category: 'deposits',
  title,
  body: `${title} body`,
  link: null,
  read,
  createdAt: '2026-03-02T09:00:00.000Z',
});

/** The live stream as the server sends it: the test pushes its lines. */
function openStream() {
  let push: (text: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return { response: new Response(body, { status: 200 }), push: (text: string) => push(text) };
}

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});
/** The bell starts at the first interaction with the page (or a moment after it loaded). */
const render = () => {
  const view = renderAt(<NotificationBell />, { path: '/dashboard' });
  window.dispatchEvent(new Event('pointerdown'));
  return view;
};
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the notification bell', () => {
  it('shows the unread count, lists the newest, marks one read and then all read', async () => {
    let notifications = [item('2', 'Deposit credited'), item('1', 'Plan started'), item('0', 'Old one', true)];
    const unread = () => notifications.filter((n) => !n.read).length;
    const posts: string[] = [];
    mockFetch({
      'GET /api/v1/notifications?limit=20': () => jsonResponse(200, { notifications, unread: unread(), next: null }),
      'POST /api/v1/notifications/2/read': (url) => {
        posts.push(url);
        notifications = notifications.map((n) => (n.id === '2' ? { ...n, read: true } : n));
        return jsonResponse(200, { unread: unread() });
      },
      'POST /api/v1/notifications/read-all': (url) => {
        posts.push(url);
        notifications = notifications.map((n) => ({ ...n, read: true }));
        return jsonResponse(200, { unread: 0 });
      },
    });
    const user = userEvent.setup();
    render();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByText('2')).toBeInTheDocument();
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Deposit credited (unread)'),
      expect.stringContaining('Plan started (unread)'),
      expect.stringContaining('Old one'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark "Deposit credited" read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(posts).toHaveLength(2);
  });

  it('says when there is nothing yet', async () => {
    mockFetch({
      'GET /api/v1/notifications?limit=20': () => jsonResponse(200, { notifications: [], unread: 0, next: null }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });

  it('refreshes the count when the live stream pushes a notification', async () => {
    setStoredUser(testUser);
    const stream = openStream();
    let notifications = [item('1', 'Plan started')];
    let lists = 0;
    let streamHeaders: HeadersInit | undefined;
    mockFetch({
      'GET /api/v1/notifications?limit=20': () => {
        lists += 1;
        return jsonResponse(200, { notifications, unread: notifications.length, next: null });
      },
      'GET /api/v1/events': (_url, init) => {
        streamHeaders = init?.headers;
        return stream.response;
      },
    });
    render();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(streamHeaders).toMatchObject({ accept: 'text/event-stream' }));
    stream.push('retry: 3000\n\n: heartbeat\n\n');
    await waitFor(() => expect(liveStreamUp()).toBe(true));
    notifications = [item('2', 'Deposit credited'), ...notifications];
    stream.push(`id: 2\nevent: notification\ndata: ${JSON.stringify(item('2', 'Deposit credited'))}\n\n`);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(lists).toBeGreaterThanOrEqual(2));
  });
});
