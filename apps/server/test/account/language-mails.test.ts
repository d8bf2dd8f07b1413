import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, API_PREFIX, type Language } from '@svp/shared';
import { mailActions } from '../../src/modules/mail/mailer.js';
import { withdrawalHoldMail } from '../../src/modules/withdrawals/withdrawal-holds.js';
import { buildTestApp, Client, PASSWORD, topUp, uniqueEmail, WALLET, type TestApp } from '../helpers.js';
import { listed, notificationOutbox } from '../notifications/support.js';
import { mailsTo } from './mails.js';

// Mails and notifications in the account's language (DESIGN D19); the brand is never translated.
const BRAND = 'Acme Yield';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BRAND });
});
afterAll(() => t.close());

let ipCounter = 0;
/** A new account signed up and signed in, its language from the sign-up page (or English when none is given). */
async function signedUpIn(language?: Language, headers: Record<string, string> = {}) {
  const client = new Client(t.app, `10.48.0.${++ipCounter}`);
  const body = { email: uniqueEmail('mails'), password: PASSWORD, walletAddress: WALLET, referralCode: '' };
  const registered = await client.post(API.register, language ? { ...body, language } : body, headers);
  expect(registered.status).toBe(201);
  const login = await client.post(API.login, { email: body.email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { client, email: body.email, user: login.body.user as { id: string; username: string; language: string } };
}

const welcomeOf = async (email: string) => (await mailsTo(t, email, 'welcome'))[0]!;

describe('mails in the account language', () => {
  it('writes the welcome in Spanish and in Russian, under the untranslated brand', async () => {
    const en = await welcomeOf((await signedUpIn()).email);
    expect(en.subject).toBe(`${BRAND}: Welcome`);
    expect(en.body).toContain(`Your account with ${BRAND} is ready.`);

    const es = await signedUpIn('es');
    const esMail = await welcomeOf(es.email);
    expect(esMail.subject).toBe(`${BRAND}: Bienvenido`);
    expect(esMail.body).toContain(`Hola, ${es.user.username}:`);
    expect(esMail.body).toContain(`Su cuenta en ${BRAND} está lista.`);
    expect(esMail.body).not.toContain('Your account');
    // The verification link is in it whatever the language.
    expect(mailActions(esMail.body).links.some((link) => link.includes('/verify-email?token='))).toBe(true);

    const ru = await signedUpIn(undefined, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' });
    expect(ru.user.language).toBe('ru');
    const ruMail = await welcomeOf(ru.email);
    expect(ruMail.subject).toBe(`${BRAND}: Добро пожаловать`);
    expect(ruMail.body).toContain(`Здравствуйте, ${ru.user.username}!`);
    expect(ruMail.body).toContain(`Ваш аккаунт в ${BRAND} готов.`);
    expect(ruMail.body).not.toMatch(/Your account|Withdrawals/);
  });

  it('follows a change of language: the next mail is in the new one, and its one-time code is still found', async () => {
    const u = await signedUpIn('es');
    const changed = await u.client.request({
      method: 'PUT',
      url: API_PREFIX + API.accountLanguage,
      payload: { language: 'ru' },
    });
    expect(changed.status).toBe(200);
    expect((await u.client.post(API.otpRequest, { email: u.email })).status).toBe(200);
    const [otp] = await mailsTo(t, u.email, 'password-otp');
    expect(otp!.subject).toBe(`${BRAND}: Код для сброса пароля`);
    expect(otp!.body).toMatch(/Ваш одноразовый код: \d{6}\./);
    expect(mailActions(otp!.body).code).toMatch(/^\d{6}$/);
    expect(mailActions('Su código de un solo uso es 123456. Es válido durante 10 minutos.').code).toBe('123456');
    expect(mailActions('Your one-time code is 654321. It is valid for 10 minutes.').code).toBe('654321');
  });

  it('writes a security mail in Spanish, its moment in Spanish too', async () => {
    const u = await signedUpIn('es');
    const res = await u.client.post(API.accountPassword, {
      currentPassword: PASSWORD,
      newPassword: 'otra-clave-segura-1',
    });
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(t, u.email, 'account-security');
    expect(mail!.subject).toBe(`${BRAND}: Se ha cambiado su contraseña`);
    expect(mail!.body).toMatch(
      new RegExp(`La contraseña de su cuenta en ${BRAND} se cambió el \\d+ de \\p{L}+ de \\d{4}`, 'u'),
    );
    expect(mail!.body).toContain('Si no fue usted, restablezca su contraseña');
  });
});

describe('the withdrawal-hold notice', () => {
  it("says what changed in the shared words of the withdraw page, in the reader's language", () => {
    const hold = {
      change: 'wallet' as const,
      changedAt: new Date('2026-03-02T09:00:00Z'),
      endsAt: new Date('2026-03-04T09:00:00Z'),
    };
    const ru = withdrawalHoldMail(BRAND, 'ann@example.com', { username: 'ann', language: 'ru' }, hold);
    expect(ru.subject).toMatch(new RegExp(`^${BRAND}: Вывод средств приостановлен до 4 марта 2026`));
    expect(ru.body).toMatch(/^Здравствуйте, ann!\n\nБыл изменён адрес кошелька .*2 марта 2026.* UTC\./);
    const es = withdrawalHoldMail(BRAND, 'ann@example.com', { username: 'ann', language: 'es' }, hold);
    expect(es.body).toMatch(/^Hola, ann:\n\nSe cambió la dirección de billetera .* el 2 de marzo de 2026.* UTC\./);
  });
});

describe('notifications in the account language', () => {
  it('shows the bell and writes the mail in Russian, and the bell follows a change of language', async () => {
    const u = await signedUpIn('ru');
    await topUp(u.client, '100');
    const [bell] = (await listed(u.client)).filter((n) => n.type === 'deposit.credited');
    expect(bell).toMatchObject({ title: 'Депозит зачислен' });
    expect(bell!.body).toContain('На ваш баланс зачислено $100.00');

    await t.app.services.notifications.mailJob.runOnce();
    const [mail] = await notificationOutbox(t, u.user.id);
    expect(mail).toMatchObject({ type: 'deposit.credited', status: 'outbox', subject: `${BRAND}: Депозит зачислен` });
    expect(mail!.body).toContain(`Здравствуйте, ${u.user.username}!`);
    expect(mail!.body).toContain(`у вас есть аккаунт в ${BRAND}`);

    await u.client.request({ method: 'PUT', url: API_PREFIX + API.accountLanguage, payload: { language: 'es' } });
    const [again] = (await listed(u.client)).filter((n) => n.type === 'deposit.credited');
    expect(again).toMatchObject({ title: 'Depósito acreditado' });
  });

  it('writes a notification mail in the language of the moment it was queued, on every attempt', async () => {
    const u = await signedUpIn('ru');
    await topUp(u.client, '50');
    // The language changes before the job writes the mail: the bell follows, the queued mail does not.
    await u.client.request({ method: 'PUT', url: API_PREFIX + API.accountLanguage, payload: { language: 'es' } });
    expect((await listed(u.client)).find((n) => n.type === 'deposit.credited')?.title).toBe('Depósito acreditado');
    await t.app.services.notifications.mailJob.runOnce();
    const [mail] = await notificationOutbox(t, u.user.id);
    expect(mail).toMatchObject({ status: 'outbox', subject: `${BRAND}: Депозит зачислен` });
  });
});
