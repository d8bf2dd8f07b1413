import type { Language } from '@svp/shared';
import type { CommonMailTexts } from './mailer.js';

/** A moment as the locale writes it, in UTC (mails go to readers anywhere): "29 de noviembre de 2026 a las 7:13 UTC". */
const utcMoment = (locale: string) => {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return (at: Date) => `${format.format(at)} UTC`;
};

/** mailer.ts' shared mail words in every language but English (DESIGN D19); a missing one does not compile. */
export const COMMON_MAIL_TRANSLATIONS: Record<Exclude<Language, 'en'>, CommonMailTexts> = {
  es: {
    greeting: (username) => `Hola, ${username}:`,
    securityFooter:
      'Si no fue usted, restablezca su contraseña de inmediato desde la página de inicio de sesión y contacte con soporte.',
    oneTimeCode: (code) => `Su código de un solo uso es ${code}.`,
    moment: utcMoment('es-ES'),
  },
  ru: {
    greeting: (username) => `Здравствуйте, ${username}!`,
    securityFooter:
      'Если это были не вы, немедленно сбросьте пароль на странице входа и обратитесь в службу поддержки.',
    oneTimeCode: (code) => `Ваш одноразовый код: ${code}.`,
    moment: utcMoment('ru-RU'),
  },
};
