import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import type { SignInRow } from '../api/account';
import { SignInHistory } from './SignInHistory';

const at = '2026-03-02T10:00:00.000Z';

/** The list as the server sends `signIns`; resolves to its rows once they show. */
function showSignIns(signIns: SignInRow[]) {
  mockFetch({ 'GET /api/v1/account/sign-ins': () => jsonResponse(200, { signIns }) });
  renderAt(<SignInHistory />, { path: '/dashboard/settings' });
  return screen.findAllByTestId('sign-in-row');
}

describe('recent sign-ins', () => {
  it('lists time, address, device and outcome', async () => {
    const rows = await showSignIns([
      { at: '2026-03-02T10:00:00.000Z', ip: '10.0.0.9', device: 'Firefox on Linux', outcome: 'failed' },
      { at: '2026-03-02T09:00:00.000Z', ip: '10.0.0.1', device: 'Chrome on Windows', outcome: 'success' },
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('10.0.0.9');
    expect(rows[0]).toHaveTextContent('Firefox on Linux');
    expect(rows[0]).toHaveTextContent('Failed attempt');
    expect(rows[1]).toHaveTextContent('Signed in');
  });

  it('shows an outcome it does not know yet in its own words, beside the others', async () => {
    const rows = await showSignIns([
      { at, ip: '2001:db8:85a3::8a2e:370:7334', device: 'Safari on iOS', outcome: 'second-factor_missing' },
      { at, ip: '10.0.0.1', device: 'Chrome on Windows', outcome: 'success' },
    ]);
    expect(rows).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(rows[0]!).getByText('second factor missing')).toBeInTheDocument();
    // Each field is named in the row, so a phone's stacked card reads "Device Safari on iOS".
    expect(rows[0]).toHaveTextContent('Address2001:db8:85a3::8a2e:370:7334');
    expect(rows[0]).toHaveTextContent('DeviceSafari on iOS');
    expect(within(rows[1]!).getByText('Signed in')).toBeInTheDocument();
  });
});
