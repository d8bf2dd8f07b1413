import { MSG } from '@svp/shared';
import { TEXTS as ES } from '@svp/shared/locales/es';
import { TEXTS as RU } from '@svp/shared/locales/ru';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../features/auth/components/LoginPage';
import { setStoredUser } from '../lib/storedUser';
import { jsonResponse, mockFetch, renderAt, testUser } from '../test/render';
import { activateLanguage, currentLanguage, localizeText } from '../shared/language/i18n';
import { translated } from '../locales/translated';

describe('the web app in another language', () => {
  it('shows a screen in Spanish and in Russian, its own texts and packages/shared’s', async () => {
    for (const [language, texts] of [
      ['es', ES],
      ['ru', RU],
    ] as const) {
      await act(() => activateLanguage(language));
      const { unmount } = renderAt(<LoginPage />, { path: '/sign-in', route: '/sign-in' });
      expect(screen.getByRole('heading', { name: translated(language, 'Welcome back') })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: translated(language, 'Login') })).toBeInTheDocument();
      // Both fields empty: the shared text of the form's refusal, in the language.
      await userEvent.click(screen.getByRole('button', { name: translated(language, 'Login') }));
      expect(screen.getByRole('alert')).toHaveTextContent(texts.MSG.login.bothRequired);
      expect(document.documentElement.lang).toBe(language);
      unmount();
    }
  });

  it('shows the server’s English texts in the reader’s language, with their values', async () => {
    await activateLanguage('ru');
    expect(localizeText(MSG.login.invalid)).toBe(RU.MSG.login.invalid);
    expect(localizeText(MSG.invest.belowMinimum('10'))).toBe(RU.MSG.invest.belowMinimum('10'));
    expect(localizeText('A text of the database, not ours')).toBe('A text of the database, not ours');
  });

  it('switches with the picker, remembers it on the device and saves it on the signed-in account', async () => {
    setStoredUser(testUser);
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/v1/auth/csrf': () => jsonResponse(200, { csrfToken: 'token-1' }),
      'PUT /api/v1/account/language': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { success: true, language: 'ru' });
      },
    });
    renderAt(<LoginPage />, { path: '/sign-in', route: '/sign-in' });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ru');
    expect(await screen.findByRole('heading', { name: translated('ru', 'Welcome back') })).toBeInTheDocument();
    expect(currentLanguage()).toBe('ru');
    expect(localStorage.getItem('language')).toBe('ru');
    await waitFor(() => expect(sent).toEqual([{ language: 'ru' }]));
  });
});
