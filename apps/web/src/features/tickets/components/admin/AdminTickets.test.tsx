import { OPERATOR_MSG, ROLE_PERMISSIONS, type AdminRole } from '@svp/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../../test/render';
import { AdminTickets } from './AdminTickets';

const TICKET = {
  id: 't-1',
  subject: 'Where is my payout?',
  status: 'open' as const,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
  username: 'ann',
  email: 'ann@example.com',
};

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

async function openThreadAs(role: AdminRole) {
  mockFetch({
    'GET /api/v1/admin/tickets': () => jsonResponse(200, { tickets: [TICKET] }),
    'GET /api/v1/admin/tickets/t-1': () =>
      jsonResponse(200, {
        ticket: TICKET,
        messages: [{ id: 'm-1', sender: 'user', message: 'It is late.', created_at: TICKET.createdAt }],
      }),
    'GET /api/v1/admin/operator/me': () => jsonResponse(200, { roles: [role], permissions: ROLE_PERMISSIONS[role] }),
  });
  renderAt(<AdminTickets />, { path: '/dashadmin/tickets' });
  await userEvent.setup().click(await screen.findByText('Where is my payout?'));
  expect(await screen.findByText('It is late.')).toBeInTheDocument();
}

describe('admin tickets by role', () => {
  it('lets support reply and close', async () => {
    await openThreadAs('support');
    expect(await screen.findByRole('button', { name: 'Send Reply' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close ticket' })).toBeInTheDocument();
  });

  it('shows compliance the thread without a reply form the server would refuse', async () => {
    await openThreadAs('compliance');
    expect(await screen.findByText(OPERATOR_MSG.permissionDenied('tickets.reply'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reply' })).not.toBeInTheDocument();
  });
});
