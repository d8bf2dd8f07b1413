import { MSG } from '@svp/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderAt } from '../../../test/render';
import { RegisterForm } from './RegisterForm';

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

function setup({ fakeTimers = false } = {}) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {});
  renderAt(<RegisterForm />, { path: '/register', route: '/register' });
  const terms = screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
  return { user, terms };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email address'), 'new@example.com');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'long-enough-1');
  await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
  await user.type(screen.getByLabelText('Wallet address'), WALLET);
}

async function agreeToTerms(user: ReturnType<typeof userEvent.setup>, terms: HTMLElement) {
  await user.click(terms);
  await user.click(await screen.findByRole('button', { name: 'Agree' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RegisterForm terms checkbox', () => {
  it('opens the terms modal instead of ticking, and Close leaves it unticked', async () => {
    const { user, terms } = setup();
    await user.click(terms);
    expect(await screen.findByRole('dialog', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(terms).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(terms).not.toBeChecked();
  });

  it('is ticked only by Agree, and a click on the ticked box cannot untick it', async () => {
    const { user, terms } = setup();
    await agreeToTerms(user, terms);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(terms).toBeChecked();
    await user.click(terms);
    expect(terms).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the modal from the keyboard too', async () => {
    const { user, terms } = setup();
    terms.focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('dialog', { name: 'Terms and Conditions' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(terms).not.toBeChecked();
  });
});

describe('RegisterForm validation', () => {
  it('shows every error together under its field and sends nothing', async () => {
    const fetch = mockFetch({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(MSG.register.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.register.passwordShort)).toBeInTheDocument();
    expect(screen.getByText(MSG.register.walletRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.register.termsRequired)).toBeInTheDocument();
    expect(screen.queryByText(MSG.register.passwordsMismatch)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the confirmation only once everything else passes', async () => {
    mockFetch({});
    const { user, terms } = setup();
    await fillValid(user);
    await user.type(screen.getByLabelText('Confirm password'), 'x');
    await agreeToTerms(user, terms);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(MSG.register.passwordsMismatch)).toBeInTheDocument();
  });

  it('toggles each password field independently', async () => {
    const { user } = setup();
    const password = screen.getByLabelText('Password', { exact: true });
    const confirm = screen.getByLabelText('Confirm password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(confirm).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirm).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});

describe('RegisterForm submission', () => {
  it('sends the payload with CSRF and idempotency headers, clears the form and counts down to login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    document.cookie = 'svp_csrf=token-1; path=/';
    let sent: RequestInit | undefined;
    mockFetch({
      'POST /api/v1/auth/register': (_url, init) => {
        sent = init;
        return jsonResponse(201, { success: true, message: MSG.register.success });
      },
    });
    const { user, terms } = setup({ fakeTimers: true });
    await fillValid(user);
    await user.type(screen.getByLabelText('Referral code (optional)'), 'FRIEND1');
    await agreeToTerms(user, terms);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(MSG.register.success)).toBeInTheDocument();
    expect(JSON.parse(String(sent?.body))).toEqual({
      email: 'new@example.com',
      password: 'long-enough-1',
      walletAddress: WALLET,
      referralCode: 'FRIEND1',
      language: 'en', // the page's language becomes the account's
    });
    const headers = sent?.headers as Record<string, string>;
    expect(headers['x-csrf-token']).toBe('token-1');
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.credentials).toBe('same-origin');
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    expect(terms).not.toBeChecked();
    expect(screen.getByTestId('countdown')).toHaveTextContent('5');

    for (const left of ['4', '3', '2', '1']) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByTestId('countdown')).toHaveTextContent(left);
    }
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('fetches a CSRF token first when the cookie is missing', async () => {
    const calls: string[] = [];
    mockFetch({
      'GET /api/v1/auth/csrf': () => {
        calls.push('csrf');
        return jsonResponse(200, { csrfToken: 'fresh' });
      },
      'POST /api/v1/auth/register': (_url, init) => {
        calls.push(`register:${(init?.headers as Record<string, string>)['x-csrf-token']}`);
        return jsonResponse(201, { success: true, message: 'ok' });
      },
    });
    const { user, terms } = setup();
    await fillValid(user);
    await agreeToTerms(user, terms);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText(MSG.register.success);
    expect(calls).toEqual(['csrf', 'register:fresh']);
  });

  it('puts server field errors beside their fields', async () => {
    document.cookie = 'svp_csrf=t; path=/';
    mockFetch({
      'POST /api/v1/auth/register': () =>
        jsonResponse(409, {
          error: { code: 'EMAIL_TAKEN', message: MSG.register.emailTaken, fields: { email: MSG.register.emailTaken } },
        }),
    });
    const { user, terms } = setup();
    await fillValid(user);
    await agreeToTerms(user, terms);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MSG.register.emailTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('shows a bare server message as the general error, and the unknown-error text without one', async () => {
    document.cookie = 'svp_csrf=t; path=/';
    const responses = [
      jsonResponse(429, { error: { code: 'RATE_LIMITED', message: MSG.common.rateLimited } }),
      new Response('<html>Bad gateway</html>', { status: 502 }),
    ];
    mockFetch({ 'POST /api/v1/auth/register': () => responses.shift()! });
    const { user, terms } = setup();
    await fillValid(user);
    await agreeToTerms(user, terms);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.common.rateLimited);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.register.unknownError));
  });

  it('shows the network message when the server cannot be reached', async () => {
    document.cookie = 'svp_csrf=t; path=/';
    mockFetch({
      'POST /api/v1/auth/register': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user, terms } = setup();
    await fillValid(user);
    await agreeToTerms(user, terms);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.register.networkError);
  });
});
