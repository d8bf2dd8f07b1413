import { translateText, type Language } from '@svp/shared';
import { TEXTS as ES_SHARED } from '@svp/shared/locales/es';
import { TEXTS as RU_SHARED } from '@svp/shared/locales/ru';
import type { NotificationTexts } from './templates.js';

/** templates.ts' notification words in every language but English (DESIGN D19); a missing one does not compile. */
export const NOTIFICATION_TRANSLATIONS: Record<Exclude<Language, 'en'>, NotificationTexts> = {
  es: {
    depositCredited: {
      title: 'Depósito acreditado',
      body: (credited, received, fee) =>
        `Se han añadido ${credited} a su saldo (recibido: ${received}; comisión: ${fee}).`,
      flags: {
        under: 'El pago fue inferior al importe que solicitó pagar.',
        over: 'El pago fue superior al importe que solicitó pagar.',
        unrequested: 'El pago no correspondía a ninguna solicitud de recarga abierta.',
      },
      flagged: 'Nuestro equipo está informado y puede ponerse en contacto con usted.',
    },
    planStarted: {
      title: 'Plan iniciado',
      body: (plan, amount, days, endsOn, expected) =>
        `Su plan ${plan} ha comenzado con ${amount} por ${days} días. ` +
        `Vence el ${endsOn} con un retiro previsto de ${expected}.`,
    },
    planMatured: {
      title: 'Plan vencido',
      body: (plan, expected) =>
        `Su plan ${plan} ha vencido: ${expected} están disponibles. ` +
        'Retírelos o páselos a su saldo en la página Retirar.',
    },
    withdrawalRequested: {
      title: 'Retiro solicitado',
      body: (payout, wallet) =>
        `Se ha solicitado un retiro de ${payout} a ${wallet}. ` +
        'Si no fue usted, contacte con soporte de inmediato y cambie su contraseña.',
    },
    withdrawalApproved: {
      title: 'Retiro aprobado',
      body: (payout) => `Su retiro de ${payout} ha sido aprobado y se enviará a su billetera.`,
    },
    withdrawalPaid: {
      title: 'Retiro pagado',
      body: (payout, wallet, hash) => `Su retiro de ${payout} se ha enviado a ${wallet}. Transacción: ${hash}.`,
    },
    withdrawalRejected: {
      title: 'Retiro rechazado',
      body: (payout, reason, returned) =>
        `Su retiro de ${payout} ha sido rechazado: ${reason}. Se han devuelto ${returned} a su saldo.`,
    },
    referralBonus: {
      title: 'Bono de referido recibido',
      referrer: (bonus) => `Alguien a quien invitó se ha registrado: ha recibido ${bonus}.`,
      referred: (bonus) => `Se registró con un código de referido: ha recibido ${bonus}.`,
    },
    ticketAnswered: {
      title: 'Soporte ha respondido',
      body: (subject) => `Soporte ha respondido a su ticket «${subject}».`,
    },
    botPaused: { title: 'Bot de trading en pausa', fallback: 'Su bot de trading se ha puesto en pausa.' },
    stakeEnded: {
      title: 'Staking finalizado',
      body: (tokens) => `Su staking ha finalizado: ${tokens} tokens SVP han vuelto a su billetera.`,
    },
    announcement: { title: 'Anuncio' },
    unknown: { title: 'Notificación' },
    sharedText: (text) => translateText(ES_SHARED, text),
    mail: {
      viewTransaction: 'Ver la transacción',
      footer: (brand) =>
        `Recibe este correo porque tiene una cuenta en ${brand}. Puede desactivar la mayoría de estos correos en Configuración.`,
    },
  },
  ru: {
    depositCredited: {
      title: 'Депозит зачислен',
      body: (credited, received, fee) => `На ваш баланс зачислено ${credited} (получено ${received}, комиссия ${fee}).`,
      flags: {
        under: 'Платёж оказался меньше суммы, которую вы собирались оплатить.',
        over: 'Платёж оказался больше суммы, которую вы собирались оплатить.',
        unrequested: 'Платёж не соответствует ни одному открытому запросу на пополнение.',
      },
      flagged: 'Наша команда уведомлена и может связаться с вами.',
    },
    planStarted: {
      title: 'План запущен',
      body: (plan, amount, days, endsOn, expected) =>
        `Ваш план ${plan} запущен с суммой ${amount} на ${days} дн. ` +
        `Срок окончания — ${endsOn}, ожидаемая сумма к выводу — ${expected}.`,
    },
    planMatured: {
      title: 'Срок плана истёк',
      body: (plan, expected) =>
        `Срок вашего плана ${plan} истёк: ${expected} доступны. ` +
        'Выведите их или переведите на баланс на странице «Вывод».',
    },
    withdrawalRequested: {
      title: 'Запрошен вывод средств',
      body: (payout, wallet) =>
        `Запрошен вывод ${payout} на ${wallet}. ` +
        'Если это были не вы, немедленно обратитесь в поддержку и смените пароль.',
    },
    withdrawalApproved: {
      title: 'Вывод одобрен',
      body: (payout) => `Ваш вывод ${payout} одобрен и будет отправлен на ваш кошелёк.`,
    },
    withdrawalPaid: {
      title: 'Вывод выплачен',
      body: (payout, wallet, hash) => `Ваш вывод ${payout} отправлен на ${wallet}. Транзакция: ${hash}.`,
    },
    withdrawalRejected: {
      title: 'Вывод отклонён',
      body: (payout, reason, returned) =>
        `Ваш вывод ${payout} отклонён: ${reason}. ${returned} возвращено на ваш баланс.`,
    },
    referralBonus: {
      title: 'Получен реферальный бонус',
      referrer: (bonus) => `Приглашённый вами человек зарегистрировался: вы получили ${bonus}.`,
      referred: (bonus) => `Вы зарегистрировались по реферальному коду: вы получили ${bonus}.`,
    },
    ticketAnswered: {
      title: 'Ответ поддержки',
      body: (subject) => `Поддержка ответила на ваше обращение «${subject}».`,
    },
    botPaused: { title: 'Торговый бот приостановлен', fallback: 'Ваш торговый бот приостановлен.' },
    stakeEnded: {
      title: 'Стейкинг завершён',
      body: (tokens) => `Ваш стейкинг завершён: токены SVP (${tokens}) возвращены на ваш кошелёк.`,
    },
    announcement: { title: 'Объявление' },
    unknown: { title: 'Уведомление' },
    sharedText: (text) => translateText(RU_SHARED, text),
    mail: {
      viewTransaction: 'Посмотреть транзакцию',
      footer: (brand) =>
        `Вы получили это письмо, потому что у вас есть аккаунт в ${brand}. Большинство таких писем можно отключить в настройках.`,
    },
  },
};
