import { MSG } from '@svp/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import MessagesPage from './MessagesPage';

const TICKET = {
  id: 't1',
  subject: 'Wallet change',
  status: 'pending',
  createdAt: '2026-02-15T10:00:00.000Z',
  updatedAt: '2026-02-15T11:00:00.000Z',
};

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('support tickets', () => {
  it('refuses blank fields without calling the server, and shows the limit on 429', async () => {
    let posts = 0;
    mockFetch({
      'GET /api/v1/tickets': () => jsonResponse(200, { tickets: [] }),
      'POST /api/v1/tickets': () => {
        posts += 1;
        return jsonResponse(429, { error: { code: 'RATE_LIMITED', message: MSG.tickets.limit } });
      },
    });
    const user = userEvent.setup();
    renderAt(<MessagesPage />, { path: '/dashboard/messages' });
    expect(await screen.findByText(MSG.tickets.noTickets)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Subject'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.tickets.empty);
    expect(posts).toBe(0);

    await user.type(screen.getByLabelText('Subject'), 'Help');
    await user.type(screen.getByLabelText('Message'), 'Please help');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText(MSG.tickets.limit)).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it('shows a server failure as the spec text, and a thread with the sender labels', async () => {
    mockFetch({
      'GET /api/v1/tickets': () => jsonResponse(200, { tickets: [TICKET] }),
      'POST /api/v1/tickets': () => jsonResponse(500, { error: { code: 'INTERNAL', message: MSG.common.internal } }),
      'GET /api/v1/tickets/t1': () =>
        jsonResponse(200, {
          ticket: TICKET,
          messages: [
            { id: 'm1', sender: 'user', message: 'Please change it', created_at: TICKET.createdAt },
            { id: 'm2', sender: 'admin', message: 'Done', created_at: TICKET.updatedAt },
          ],
        }),
    });
    const user = userEvent.setup();
    renderAt(<MessagesPage />, { path: '/dashboard/messages' });
    await user.type(screen.getByLabelText('Subject'), 'Help');
    await user.type(screen.getByLabelText('Message'), 'Please help');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText(MSG.tickets.failed)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /Wallet change/ }));
    const messages = await screen.findAllByTestId('ticket-message');
    expect(messages[0]).toHaveTextContent('User');
    expect(messages[1]).toHaveTextContent('Admin');
    expect(messages[1]).toHaveTextContent('Done');
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled();
  });
});
