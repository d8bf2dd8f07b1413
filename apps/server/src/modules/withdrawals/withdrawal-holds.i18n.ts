import type { HoldChange, Language } from '@svp/shared';
import { COMMON_MAIL_TEXTS } from '../mail/mailer.js';
import type { WithdrawalHoldMailTexts } from './withdrawal-holds.js';

/** withdrawal-holds.ts' mail in every language but English (DESIGN D19); a missing one does not compile. */
export const WITHDRAWAL_HOLD_MAIL_TRANSLATIONS: Record<Exclude<Language, 'en'>, WithdrawalHoldMailTexts> = {
  es: {
    moment: (at) => COMMON_MAIL_TEXTS.es.moment(at),
    subjectHeld: (until) => `Retiros en espera hasta el ${until} tras un cambio en tu cuenta`,
    subject: 'Un cambio en tu cuenta',
    changed: (change, at) => `${ES_CHANGE[change]} el ${at}.`,
    held: (until) => `Para proteger tu dinero, los retiros de tu cuenta quedan en espera hasta el ${until}. `,
    nothingToDo: 'Si has hecho tú este cambio, no tienes que hacer nada.',
    notYou: 'Si no has sido tú, contacta con soporte de inmediato a través de Mensajes o respondiendo a este correo.',
  },
  ru: {
    moment: (at) => COMMON_MAIL_TEXTS.ru.moment(at),
    subjectHeld: (until) => `Вывод средств приостановлен до ${until} после изменения в вашем аккаунте`,
    subject: 'Изменение в вашем аккаунте',
    changed: (change, at) => `${RU_CHANGE[change]} ${at}.`,
    held: (until) => `Чтобы защитить ваши средства, вывод из вашего аккаунта приостановлен до ${until}. `,
    nothingToDo: 'Если это изменение сделали вы, ничего делать не нужно.',
    notYou:
      'Если это были не вы, немедленно обратитесь в поддержку через раздел «Сообщения» или ответив на это письмо.',
  },
};

/** What changed, as the mail's first sentence begins (English: WITHDRAWAL_CONTROLS_MSG.holdShort). */
const ES_CHANGE: Record<HoldChange, string> = {
  wallet: 'Se cambió la dirección de billetera de tu cuenta',
  email: 'Se cambió la dirección de correo electrónico de tu cuenta',
  password: 'Se restableció la contraseña de tu cuenta',
  'two-factor-off': 'Se desactivó la autenticación en dos pasos',
};
const RU_CHANGE: Record<HoldChange, string> = {
  wallet: 'Адрес кошелька вашего аккаунта был изменён',
  email: 'Адрес электронной почты вашего аккаунта был изменён',
  password: 'Пароль вашего аккаунта был сброшен',
  'two-factor-off': 'Двухфакторная аутентификация была отключена',
};
