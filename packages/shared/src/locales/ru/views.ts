import { formatUsdMicro } from '../../money-format.js';
import type { SharedTexts } from '../../translation.js';
import { utcMomentWith } from '../../withdrawal-controls.js';

/** Russian: the withdrawal controls (withdrawal-controls.ts) and the bot simulation's status lines (bot-sim.ts). */
const MONTHS = ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'];
const moment = (at: Date | string) => utcMomentWith(at, MONTHS);
const f = formatUsdMicro;

const CHANGE = {
  wallet: 'был изменён адрес кошелька вашего аккаунта',
  email: 'был изменён адрес электронной почты вашего аккаунта',
  password: 'был сброшен пароль вашего аккаунта',
  'two-factor-off': 'была отключена двухфакторная аутентификация',
};
const REVIEW = {
  large: 'крупный вывод',
  'new-wallet': 'первый вывод на недавно изменённый кошелёк',
};

export const WITHDRAWAL_CONTROLS_MSG: SharedTexts['WITHDRAWAL_CONTROLS_MSG'] = {
  holdChanges: CHANGE,
  reviewReasons: REVIEW,
  promise:
    'Вывод средств обрабатывается в течение от 48 часов до 3 дней; для крупных выводов может потребоваться дополнительная проверка.',
  dailyCap: (payout, cap, used) =>
    `Этот вывод на ${f(payout)} превышает ваш дневной лимит на вывод: ${f(cap)} за 24 часа, ` +
    `из которых ${f(used)} уже запрошено. Если вам нужен более высокий лимит, обратитесь в поддержку.`,
  monthlyCap: (payout, cap, used) =>
    `Этот вывод на ${f(payout)} превышает ваш месячный лимит на вывод: ${f(cap)} за 30 дней, ` +
    `из которых ${f(used)} уже запрошено. Если вам нужен более высокий лимит, обратитесь в поддержку.`,
  hold: (until, change) =>
    `Вывод средств приостановлен до ${moment(until)}, потому что ${CHANGE[change]}. ` +
    'Это защищает ваши деньги, если изменение внёс кто-то другой; если это были не вы, немедленно обратитесь в поддержку.',
  holdShort: (change) => CHANGE[change],
  underReview: (due, reasons) =>
    `На проверке: требуется дополнительная проверка (${reasons.map((r) => REVIEW[r]).join(' и ') || 'этот вывод'}). ` +
    `Ожидаемый срок — ${moment(due)}.`,
  requestedForReview: (due) =>
    'Ваш запрос на вывод средств получен. Крупные выводы требуют дополнительной проверки: ' +
    `запрос на проверке, средства поступят до ${moment(due)} (в рабочие дни).`,
  reviewReason: (reason) => REVIEW[reason],
  firstApproval:
    'Первое одобрение записано: прежде чем этот вывод можно будет выплатить, его должен одобрить второй администратор.',
  sameAdmin: 'Вы уже дали первое одобрение этому выводу: второе должен дать другой администратор.',
  limitsSaved: 'Лимиты на вывод сохранены.',
  capInvalid:
    'Введите сумму в долларах больше 0 (не более 2 знаков после запятой) или оставьте поле пустым, чтобы использовать значение по умолчанию.',
  userNotFound: 'Пользователь не найден.',
};

export const BOT_SIM_MSG: SharedTexts['BOT_SIM_MSG'] = {
  statusLines: [
    'Сканирование симулированных биржевых стаканов…',
    'Оценка симулированного импульса…',
    'Ребалансировка симулированной позиции…',
    'Ожидание следующей симулированной свечи…',
  ],
};
