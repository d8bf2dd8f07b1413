import type { HoldChange, Language, SharedTexts } from '@svp/shared';
import { TEXTS as ES_SHARED } from '@svp/shared/locales/es';
import { TEXTS as RU_SHARED } from '@svp/shared/locales/ru';
import { COMMON_MAIL_TEXTS } from '../mail/mailer.js';
import type { WithdrawalHoldMailTexts } from './withdrawal-holds.js';

/** What changed, as a sentence begins: the shared text the withdraw page shows (WITHDRAWAL_CONTROLS_MSG.holdShort). */
const changeOf = (texts: SharedTexts, change: HoldChange) => {
  const text = texts.WITHDRAWAL_CONTROLS_MSG.holdShort(change);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** withdrawal-holds.ts' mail in every language but English (DESIGN D19); a missing one does not compile. */
export const WITHDRAWAL_HOLD_MAIL_TRANSLATIONS: Record<Exclude<Language, 'en'>, WithdrawalHoldMailTexts> = {
  es: {
    moment: (at) => COMMON_MAIL_TEXTS.es.moment(at),
    subjectHeld: (until) => `Retiros en espera hasta el ${until} tras un cambio en su cuenta`,
    subject: 'Un cambio en su cuenta',
    changed: (change, at) => `${changeOf(ES_SHARED, change)} el ${at}.`,
    held: (until) => `Para proteger su dinero, los retiros de su cuenta quedan en espera hasta el ${until}. `,
    nothingToDo: 'Si hizo usted este cambio, no tiene que hacer nada.',
    notYou: 'Si no fue usted, contacte con soporte de inmediato a través de Mensajes o respondiendo a este correo.',
  },
  ru: {
    moment: (at) => COMMON_MAIL_TEXTS.ru.moment(at),
    subjectHeld: (until) => `Вывод средств приостановлен до ${until} после изменения в вашем аккаунте`,
    subject: 'Изменение в вашем аккаунте',
    changed: (change, at) => `${changeOf(RU_SHARED, change)} ${at}.`,
    held: (until) => `Чтобы защитить ваши средства, вывод из вашего аккаунта приостановлен до ${until}. `,
    nothingToDo: 'Если это изменение сделали вы, ничего делать не нужно.',
    notYou:
      'Если это были не вы, немедленно обратитесь в поддержку через раздел «Сообщения» или ответив на это письмо.',
  },
};
