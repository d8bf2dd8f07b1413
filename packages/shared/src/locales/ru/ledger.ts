import { LEDGER_KIND_GROUP_KEYS, LEDGER_PAGE_MAX, LEDGER_SEARCH_MAX } from '../../ledger-view.js';
import type { SharedTexts } from '../../translation.js';

/** Russian: the ledger view of History (ledger-view.ts): its filters, row titles, balances and messages. */
export const LEDGER_KIND_GROUP_LABELS: SharedTexts['LEDGER_KIND_GROUP_LABELS'] = {
  topups: 'Пополнения',
  plans: 'Планы',
  withdrawals: 'Выводы средств',
  referrals: 'Реферальные бонусы',
  staking: 'Стейкинг',
  coins: 'Монеты и бот',
  adjustments: 'Корректировки поддержки',
};

export const LEDGER_KIND_LABELS: SharedTexts['LEDGER_KIND_LABELS'] = {
  deposit: 'Пополнение',
  'investment.start': 'Открыт план',
  'investment.to-balance': 'План переведён на баланс',
  'withdrawal.request': 'Запрошен вывод средств',
  'withdrawal.break': 'План закрыт досрочно',
  'withdrawal.paid': 'Вывод средств выплачен',
  'withdrawal.rejected': 'Вывод средств отклонён',
  'referral.bonus': 'Реферальный бонус',
  'staking.yield': 'Доход от стейкинга',
  'staking.release': 'Стейкинг завершён',
  'staking.convert': 'Конвертация фонда',
  'staking.buy': 'Покупка SVP',
  'staking.sell': 'Продажа SVP',
  'staking.stake': 'Токены в стейкинге',
  'staking.earned-to-balance': 'Доход от стейкинга на баланс',
  'staking.withdraw-earned': 'Доход от стейкинга выведен',
  'staking.transfer': 'Перевод фонда',
  'coins.daily': 'Ежедневные монеты',
  'coins.daily-claim': 'Получен ежедневный бонус',
  'coins.welcome': 'Приветственная награда',
  'coins.taps': 'Ежедневное задание',
  'bot.activation': 'Бот активирован',
  'bot.upkeep': 'Обслуживание бота',
  'admin.adjustment': 'Корректировка поддержкой',
};

export const LEDGER_ACCOUNT_LABELS: SharedTexts['LEDGER_ACCOUNT_LABELS'] = {
  'usd.balance': 'Баланс',
  'usd.invested': 'Вложенная сумма',
  'usd.earnings': 'Заработок',
  'usd.fund': 'Баланс фонда',
  'usd.staking_earned': 'Доход от стейкинга',
  'usd.withdrawal_pending': 'Ожидающие выводы',
  'svp.wallet': 'Кошелёк токенов',
  'svp.staked': 'Токены в стейкинге',
  'coin.coins': 'Монеты',
  'coin.daily': 'Ежедневные монеты',
};

export const LEDGER_ASSET_LABELS: SharedTexts['LEDGER_ASSET_LABELS'] = {
  USD: 'Доллары США',
  SVP: 'Токены SVP',
  COIN: 'Монеты',
};

export const LEDGER_MSG: SharedTexts['LEDGER_MSG'] = {
  kind: `Выберите тип из списка: ${LEDGER_KIND_GROUP_KEYS.join(', ')}.`,
  asset: 'Выберите актив: USD, SVP или COIN.',
  date: 'Введите дату в формате ГГГГ-ММ-ДД.',
  range: 'Дата начала должна быть не позже даты окончания.',
  search: `Поисковый запрос — не более ${LEDGER_SEARCH_MAX} символов.`,
  cursor: 'Ссылка на эту страницу недействительна: начните заново с самых новых записей.',
  limit: `Запросите от 1 до ${LEDGER_PAGE_MAX} строк.`,
  transaction: 'В этой истории нет такой транзакции.',
};
