import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
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

/** A stand-in for the browser's EventSource: the test opens it and pushes events. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown, id = '') {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent(type, {
      data: data === undefined ? undefined : JSON.stringify(data),
      lastEventId: id,
    });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
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
  FakeEventSource.last = null;
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
    vi.stubGlobal('EventSource', FakeEventSource);
    let notifications = [item('1', 'Plan started')];
    let lists = 0;
    mockFetch({
      'GET /api/v1/notifications?limit=20': () => {
        lists += 1;
        return jsonResponse(200, { notifications, unread: notifications.length, next: null });
      },
    });
    render();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const stream = FakeEventSource.last!;
    expect(stream.url).toBe('/api/v1/events');
    stream.emit('open');
    notifications = [item('2', 'Deposit credited'), ...notifications];
    stream.emit('notification', item('2', 'Deposit credited'), '2');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(lists).toBeGreaterThanOrEqual(2));
  });
});
