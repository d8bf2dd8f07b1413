import { MSG, PERMISSIONS } from '@svp/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt, recordingBodies } from '../../../test/render';
import { UserFieldUpdate } from './UserFieldUpdate';

/** The admin's roles decide what the look-up offers (DESIGN D18): a superadmin's here. */
const OPERATOR_ME = 'GET /api/v1/admin/operator/me';
const SUPERADMIN = () => jsonResponse(200, { roles: ['superadmin'], permissions: PERMISSIONS });

const DETAILS = {
  id: 'u1',
  fields: [
    { field: 'email', value: 'bob@example.com' },
    { field: 'phone', value: '' },
  ],
  editableFields: ['name', 'email', 'phone'],
};

beforeEach(() => {
  document.cookie = 'svp_csrf=t; path=/';
});

describe('admin user lookup', () => {
  it('validates the e-mail and keeps Fetch disabled while invalid', async () => {
    mockFetch({ [OPERATOR_ME]: SUPERADMIN });
    const user = userEvent.setup();
    renderAt(<UserFieldUpdate />, { path: '/dashadmin/withdrawals' });
    const fetch = screen.getByRole('button', { name: 'Fetch User Details' });
    expect(fetch).toBeDisabled();
    const input = screen.getByLabelText('User email');
    await user.click(input);
    await user.tab();
    expect(screen.getByText(MSG.admin.emailRequired)).toBeInTheDocument();
    await user.type(input, 'bob@example.toolongtld');
    expect(screen.getByText(MSG.admin.emailInvalid)).toBeInTheDocument();
    expect(fetch).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'bob@example.com');
    expect(fetch).toBeEnabled();
  });

  it('fetches, shows not-found, and updates one field', async () => {
    const bodies: unknown[] = [];
    let stored = DETAILS; // what the server holds: the lookup after the save reads the new phone
    mockFetch({
      [OPERATOR_ME]: SUPERADMIN,
      'GET /api/v1/admin/users/lookup?email=nobody%40example.com': () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: MSG.admin.notFound } }),
      'GET /api/v1/admin/users/lookup?email=bob%40example.com': () => jsonResponse(200, stored),
      'POST /api/v1/admin/users/u1/field': recordingBodies(bodies, () => {
        stored = { ...DETAILS, fields: [DETAILS.fields[0]!, { field: 'phone', value: '+15550001111' }] };
        return jsonResponse(200, { success: true, message: MSG.admin.updated, user: stored });
      }),
    });
    const user = userEvent.setup();
    renderAt(<UserFieldUpdate />, { path: '/dashadmin/withdrawals' });
    const input = screen.getByLabelText('User email');
    await user.type(input, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Fetch User Details' }));
    expect(await screen.findByText(MSG.admin.notFound)).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Fetch User Details' }));
    const table = await screen.findByTestId('user-fields');
    expect(within(table).getByText('bob@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm Update' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.admin.selectField);

    await user.click(screen.getByRole('textbox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'Phone' }));
    await user.type(screen.getByLabelText('New value'), '+15550001111');
    await user.click(screen.getByRole('button', { name: 'Confirm Update' }));
    expect(await screen.findByText(MSG.admin.updated)).toBeInTheDocument();
    expect(within(screen.getByTestId('user-fields')).getByText('+15550001111')).toBeInTheDocument();
    expect(bodies).toEqual([{ field: 'phone', value: '+15550001111' }]);
    expect(screen.getByRole('heading', { name: 'Balance adjustment' })).toBeInTheDocument();
  });

  it('shows the new figures after a balance adjustment, without a reload', async () => {
    let earnings = '0';
    const lookups: string[] = [];
    mockFetch({
      [OPERATOR_ME]: SUPERADMIN,
      'GET /api/v1/admin/users/lookup?email=bob%40example.com': (url) => {
        lookups.push(url);
        return jsonResponse(200, { ...DETAILS, fields: [...DETAILS.fields, { field: 'earnings', value: earnings }] });
      },
      'POST /api/v1/admin/users/u1/adjustments': () => {
        earnings = '5';
        return jsonResponse(200, { success: true, message: MSG.admin.adjusted });
      },
    });
    const user = userEvent.setup();
    renderAt(<UserFieldUpdate />, { path: '/dashadmin/withdrawals' });
    await user.type(screen.getByLabelText('User email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Fetch User Details' }));
    const earningsRow = async () =>
      within(await screen.findByTestId('user-fields'))
        .getByText('Earnings')
        .closest('tr')!;
    // Labelled and formatted as a profile reads, not the server's key and a bare decimal.
    expect(await earningsRow()).toHaveTextContent('Earnings$0.00');

    await user.click(screen.getByRole('textbox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Earnings (USD)' }));
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.type(screen.getByLabelText('Reason'), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Apply adjustment' }));
    expect(await screen.findByText(MSG.admin.adjusted)).toBeInTheDocument();
    await waitFor(async () => expect(await earningsRow()).toHaveTextContent('Earnings$5.00'));
    expect(lookups).toHaveLength(2);
  });
});
