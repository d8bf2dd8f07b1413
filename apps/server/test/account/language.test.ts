import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MSG, API, API_PREFIX, MSG } from '@svp/shared';
import { users } from '../../src/db/schema.js';
import { acceptedLanguage } from '../../src/http/accept-language.js';
import { errorBody } from '../../src/http/error-body.js';
import { buildTestApp, Client, PASSWORD, signedInUser, uniqueEmail, WALLET, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const browser = () => new Client(t.app, `10.47.0.${++ipCounter}`);
const put = (client: Client, payload: unknown) =>
  client.request({ method: 'PUT', url: API_PREFIX + API.accountLanguage, payload: payload as object });
const languageOf = async (email: string) =>
  (await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

describe('PUT /account/language (DESIGN D19)', () => {
  it('is for signed-in users only', async () => {
    const res = await put(browser(), { language: 'es' });
    expect(res.status).toBe(401);
  });

  it('refuses a language we do not offer, in words, and changes nothing', async () => {
    const u = await signedInUser(t.app, '10.47.1.1');
    for (const payload of [{ language: 'de' }, { language: 5 }, {}, { language: 'es', extra: 1 }]) {
      const res = await put(u.client, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    const res = await put(u.client, { language: 'de' });
    expect(res.body.error.fields).toEqual({ language: ACCOUNT_MSG.languageInvalid });
    expect(res.body.error.message).toBe(ACCOUNT_MSG.languageInvalid);
    expect((await u.client.get(API.me)).body.user.language).toBe('en');
  });

  it('saves the language, which /me then shows; saving it again answers the same', async () => {
    const u = await signedInUser(t.app, '10.47.1.2');
    expect((await u.client.get(API.me)).body.user.language).toBe('en');
    for (let i = 0; i < 2; i++) {
      const res = await put(u.client, { language: 'ru' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, language: 'ru' });
    }
    expect((await u.client.get(API.me)).body.user.language).toBe('ru');
    expect(await languageOf(u.email)).toBe('ru');
    const login = await browser().post(API.login, { email: u.email, password: u.password });
    expect(login.body.user.language).toBe('ru');
  });

  it('needs the CSRF token like every other change', async () => {
    const u = await signedInUser(t.app, '10.47.1.3');
    const res = await u.client.request({
      method: 'PUT',
      url: API_PREFIX + API.accountLanguage,
      payload: { language: 'es' },
      csrf: false,
    });
    expect(res.status).toBe(403);
    expect(await languageOf(u.email)).toBe('en');
  });
});

describe('the language at sign-up', () => {
  const signUp = (extra: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const body = { email: uniqueEmail('lang'), password: PASSWORD, walletAddress: WALLET, referralCode: '', ...extra };
    return browser()
      .post(API.register, body, headers)
      .then((res) => ({ res, email: body.email }));
  };

  it('is the one the sign-up page sends, whatever the browser says', async () => {
    const { res, email } = await signUp({ language: 'es' }, { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(res.status).toBe(201);
    expect(await languageOf(email)).toBe('es');
  });

  it("is the browser's first of ours (Accept-Language) when the page sends none, else English", async () => {
    const ru = await signUp({}, { 'accept-language': 'de-DE;q=0.9, ru-RU, en;q=0.8' });
    expect(ru.res.status).toBe(201);
    expect(await languageOf(ru.email)).toBe('ru');
    const none = await signUp({}, { 'accept-language': 'de-DE, fr;q=0.5' });
    expect(await languageOf(none.email)).toBe('en');
    const bare = await signUp({});
    expect(await languageOf(bare.email)).toBe('en');
  });

  it('refuses a language we do not offer', async () => {
    const { res } = await signUp({ language: 'de' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['language']);
  });
});

describe('acceptedLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['en;q=0.5, ru;q=0.7', 'ru'],
    ['fr, es;q=0.1, ru;q=0', 'es'],
    ['RU', 'ru'],
    ['*', 'en'],
    [['de', 'es'], 'es'],
  ] as const)('%j → %s', (header, language) => {
    expect(acceptedLanguage(header as string | string[] | undefined)).toBe(language);
  });
});

describe('the error envelope names its message (DESIGN D19)', () => {
  it("adds the shared text's key and arguments beside the English message", async () => {
    const u = await signedInUser(t.app, '10.47.1.4');
    const res = await put(u.client, { language: 'xx' });
    expect(res.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: ACCOUNT_MSG.languageInvalid,
        fields: { language: ACCOUNT_MSG.languageInvalid },
        key: 'ACCOUNT_MSG.languageInvalid',
        params: [],
      },
    });
    const many = errorBody('VALIDATION_ERROR', ACCOUNT_MSG.otherSessionsEnded(3));
    expect(many.error).toMatchObject({ key: 'ACCOUNT_MSG.otherSessionsEnded', params: ['3'] });
  });

  it('leaves them out for a text that is not one of the shared texts', () => {
    expect(errorBody('INTERNAL', 'Something the tree does not hold.')).toEqual({
      error: { code: 'INTERNAL', message: 'Something the tree does not hold.' },
    });
    expect(errorBody('NOT_FOUND', MSG.common.notFound).error.key).toBeDefined();
  });
});
