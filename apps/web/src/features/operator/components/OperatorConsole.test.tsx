import { OPERATOR_MSG } from '@svp/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { operatorMe, signIn, testAdmin } from '../../../test/console';
import { AnnouncementsPage } from './AnnouncementsPage';
import { ExportsPage } from './ExportsPage';
import { MaintenanceBanner } from './MaintenanceBanner';

beforeEach(() => signIn(testAdmin));

describe('operator screens', () => {
  it('announcements: previews the text and count, then sends that draft', async () => {
    let sent: unknown = null;
    mockFetch({
      'GET /api/v1/admin/operator/me': operatorMe('support'),
      'GET /api/v1/admin/operator/announcements': () => jsonResponse(200, { announcements: [] }),
      'POST /api/v1/admin/operator/announcements/preview': () =>
        jsonResponse(200, { title: 'Sunday upgrade', body: 'Back at 03:00.', recipients: 42 }),
      'POST /api/v1/admin/operator/announcements': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, {
          success: true,
          message: OPERATOR_MSG.announcementQueued(42),
          announcement: {
            id: 'n1',
            title: 'Sunday upgrade',
            body: 'Back at 03:00.',
            audience: 'all',
            status: 'sending',
            sent: 0,
            createdAt: '2026-03-02T09:00:00.000Z',
            finishedAt: null,
          },
        });
      },
    });
    const user = userEvent.setup();
    renderAt(<AnnouncementsPage />, { path: '/dashadmin/operator/announcements' });
    await user.type(await screen.findByLabelText('Title'), 'Sunday upgrade');
    await user.type(screen.getByLabelText('Message'), 'Back at 03:00.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('announcement-preview')).toHaveTextContent('Goes to 42 users');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(OPERATOR_MSG.announcementQueued(42))).toBeInTheDocument();
    expect(sent).toEqual({ title: 'Sunday upgrade', body: 'Back at 03:00.', audience: 'all' });
  });

  it('exports: download links carry the chosen dates', async () => {
    mockFetch({});
    renderAt(<ExportsPage />, { path: '/dashadmin/operator/exports' });
    const from = screen.getByLabelText('From');
    const user = userEvent.setup();
    await user.clear(from);
    await user.type(from, '2026-01-01');
    expect(screen.getByRole('link', { name: 'Download journal (CSV)' }).getAttribute('href')).toMatch(
      /^\/api\/v1\/admin\/operator\/exports\/journal\.csv\?from=2026-01-01&to=\d{4}-\d{2}-\d{2}$/,
    );
    expect(screen.getByRole('link', { name: 'Download trial balance (CSV)' }).getAttribute('href')).toMatch(
      /trial-balance\.csv\?at=\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('the maintenance banner shows the message while maintenance is on, and nothing otherwise', async () => {
    let active = true;
    mockFetch({
      'GET /api/v1/maintenance': () =>
        jsonResponse(200, { active, message: 'Upgrading until 03:00 UTC.', since: null, retryAfterSeconds: 300 }),
    });
    const view = render(<MaintenanceBanner pollMs={20} />);
    expect(await screen.findByTestId('maintenance-banner')).toHaveTextContent('Upgrading until 03:00 UTC.');
    active = false;
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    view.unmount();
  });
});
