import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import OutboxPage from './OutboxPage';

const MAILS = [
  {
    id: 'm2',
    to: 'ann@example.com',
    subject: 'Your SVP Invest password reset code',
    kind: 'password-otp',
    status: 'outbox',
    createdAt: '2026-03-02T09:05:00.000Z',
    sentAt: null,
    body: 'Hello ann,\n\nYour one-time code is 482913.',
    code: '482913',
    links: [],
  },
  {
    id: 'm1',
    to: 'ann@example.com',
    subject: 'Welcome to SVP Invest',
    kind: 'welcome',
    status: 'outbox',
    createdAt: '2026-03-02T09:00:00.000Z',
    sentAt: null,
    body: 'Welcome!\nPlease verify this e-mail address by opening this link (valid for 24 hours):\nhttp://localhost:3000/verify-email?token=abc',
    code: null,
    links: ['http://localhost:3000/verify-email?token=abc'],
  },
];

function renderWith(body: unknown) {
  mockFetch({ 'GET /api/v1/admin/outbox': () => jsonResponse(200, body) });
  renderAt(<OutboxPage />, { path: '/dashadmin/outbox' });
}

describe('admin outbox', () => {
  it('outside production without SMTP: lists each mail with its one-time code and says mail is not sent', async () => {
    renderWith({ showsCodes: true, delivery: 'outbox', mails: MAILS });
    const rows = await screen.findAllByTestId('outbox-mail');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ann@example.com');
    expect(rows[0]).toHaveTextContent('Your SVP Invest password reset code');
    expect(within(rows[0]!).getByText('482913')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeInTheDocument();
    expect(screen.getByText('Development: mail is not sent')).toBeInTheDocument();
  });

  it("outside production: shows each mail's links to open and its text", async () => {
    renderWith({ showsCodes: true, delivery: 'outbox', mails: MAILS });
    const rows = await screen.findAllByTestId('outbox-mail');
    const link = within(rows[1]!).getByRole('link', { name: 'http://localhost:3000/verify-email?token=abc' });
    expect(link).toHaveAttribute('href', 'http://localhost:3000/verify-email?token=abc');
    expect(within(rows[1]!).getByText('Show mail')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Your one-time code is 482913/)).toBeInTheDocument();
  });

  it('in production: recipients and subjects only, no code column', async () => {
    renderWith({
      showsCodes: false,
      delivery: 'smtp',
      mails: MAILS.map((m) => ({ ...m, body: null, code: null, links: [] })),
    });
    expect(await screen.findAllByTestId('outbox-mail')).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: 'Code' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Show mail')).toBeNull();
    expect(screen.getByText(/in production one-time codes are never shown/)).toBeInTheDocument();
  });

  it('warns when a production server has no SMTP, and shows the empty state', async () => {
    renderWith({ showsCodes: false, delivery: 'outbox', mails: [] });
    expect(await screen.findByText('Mail is not being delivered')).toBeInTheDocument();
    expect(screen.getByText('No e-mails yet.')).toBeInTheDocument();
  });
});
