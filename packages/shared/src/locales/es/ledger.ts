import { LEDGER_KIND_GROUP_KEYS, LEDGER_PAGE_MAX, LEDGER_SEARCH_MAX } from '../../ledger-view.js';
import type { SharedTexts } from '../../translation.js';

/** Spanish: the ledger view of History (ledger-view.ts): its filters, row titles, balances and messages. */
export const LEDGER_KIND_GROUP_LABELS: SharedTexts['LEDGER_KIND_GROUP_LABELS'] = {
  topups: 'Recargas',
  plans: 'Planes',
  withdrawals: 'Retiros',
  referrals: 'Bonos por referidos',
  staking: 'Participación (staking)',
  coins: 'Monedas y bot',
  adjustments: 'Ajustes del soporte',
};

export const LEDGER_KIND_LABELS: SharedTexts['LEDGER_KIND_LABELS'] = {
  deposit: 'Recarga',
  'investment.start': 'Plan iniciado',
  'investment.to-balance': 'Plan pasado al saldo',
  'withdrawal.request': 'Retiro solicitado',
  'withdrawal.break': 'Plan cancelado anticipadamente',
  'withdrawal.paid': 'Retiro pagado',
  'withdrawal.rejected': 'Retiro rechazado',
  'referral.bonus': 'Bono por referido',
  'staking.yield': 'Ganancias de staking',
  'staking.release': 'Staking finalizado',
  'staking.convert': 'Conversión del fondo',
  'staking.buy': 'Compra de SVP',
  'staking.sell': 'Venta de SVP',
  'staking.stake': 'Tokens en staking',
  'staking.earned-to-balance': 'Ganancias de staking al saldo',
  'staking.withdraw-earned': 'Ganancias de staking retiradas',
  'staking.transfer': 'Transferencia del fondo',
  'coins.daily': 'Monedas diarias',
  'coins.daily-claim': 'Bono diario reclamado',
  'coins.welcome': 'Recompensa de bienvenida',
  'coins.taps': 'Tarea diaria',
  'bot.activation': 'Bot activado',
  'bot.upkeep': 'Mantenimiento del bot',
  'admin.adjustment': 'Ajuste del soporte',
};

export const LEDGER_ACCOUNT_LABELS: SharedTexts['LEDGER_ACCOUNT_LABELS'] = {
  'usd.balance': 'Saldo',
  'usd.invested': 'Importe invertido',
  'usd.earnings': 'Ganancias',
  'usd.fund': 'Saldo del fondo',
  'usd.staking_earned': 'Ganancias de staking',
  'usd.withdrawal_pending': 'Retiros pendientes',
  'svp.wallet': 'Billetera de tokens',
  'svp.staked': 'Tokens en staking',
  'coin.coins': 'Monedas',
  'coin.daily': 'Monedas diarias',
};

export const LEDGER_ASSET_LABELS: SharedTexts['LEDGER_ASSET_LABELS'] = {
  USD: 'Dólares estadounidenses',
  SVP: 'Tokens SVP',
  COIN: 'Monedas',
};

export const LEDGER_MSG: SharedTexts['LEDGER_MSG'] = {
  kind: `Elija un tipo de la lista: ${LEDGER_KIND_GROUP_KEYS.join(', ')}.`,
  asset: 'Elija un activo: USD, SVP o COIN.',
  date: 'Introduzca una fecha con el formato AAAA-MM-DD.',
  range: 'La fecha de inicio debe ser igual o anterior a la fecha de fin.',
  search: `La búsqueda admite como máximo ${LEDGER_SEARCH_MAX} caracteres.`,
  cursor: 'El enlace de esta página no es válido: vuelva a empezar desde lo más reciente.',
  limit: `Pida de 1 a ${LEDGER_PAGE_MAX} líneas.`,
  transaction: 'Esta transacción no figura en este historial.',
};
