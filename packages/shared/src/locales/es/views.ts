import { formatUsdMicro } from '../../money-format.js';
import type { SharedTexts } from '../../translation.js';
import { utcMomentWith } from '../../withdrawal-controls.js';

/** Spanish: the withdrawal controls (withdrawal-controls.ts) and the bot simulation's status lines (bot-sim.ts). */
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
const moment = (at: Date | string) => utcMomentWith(at, MONTHS);
const f = formatUsdMicro;

const CHANGE = {
  wallet: 'se cambió la dirección de billetera de su cuenta',
  email: 'se cambió la dirección de correo electrónico de su cuenta',
  password: 'se restableció la contraseña de su cuenta',
  'two-factor-off': 'se desactivó la autenticación de dos factores',
};
const REVIEW = {
  large: 'un retiro grande',
  'new-wallet': 'el primer retiro a una billetera cambiada recientemente',
};

export const WITHDRAWAL_CONTROLS_MSG: SharedTexts['WITHDRAWAL_CONTROLS_MSG'] = {
  holdChanges: CHANGE,
  reviewReasons: REVIEW,
  promise:
    'Los retiros se procesan en un plazo de 48 horas a 3 días; puede requerirse una verificación adicional para los retiros grandes.',
  dailyCap: (payout, cap, used) =>
    `Este retiro de ${f(payout)} supera su límite diario de retiro: ${f(cap)} en 24 horas, ` +
    `de los cuales ya se han solicitado ${f(used)}. Contacte con soporte si necesita un límite más alto.`,
  monthlyCap: (payout, cap, used) =>
    `Este retiro de ${f(payout)} supera su límite mensual de retiro: ${f(cap)} en 30 días, ` +
    `de los cuales ya se han solicitado ${f(used)}. Contacte con soporte si necesita un límite más alto.`,
  hold: (until, change) =>
    `Los retiros están en pausa hasta el ${moment(until)} porque ${CHANGE[change]}. ` +
    'Esto protege su dinero si otra persona hizo el cambio; si no fue usted, contacte con soporte de inmediato.',
  holdShort: (change) => CHANGE[change],
  underReview: (due, reasons) =>
    `En revisión: se necesita una verificación adicional para ${reasons.map((r) => REVIEW[r]).join(' y ') || 'este retiro'}. ` +
    `Previsto para el ${moment(due)}.`,
  requestedForReview: (due) =>
    'Hemos recibido su solicitud de retiro. Los retiros grandes necesitan una verificación adicional: ' +
    `está en revisión y los fondos llegan antes del ${moment(due)} (días hábiles).`,
  reviewReason: (reason) => REVIEW[reason],
  firstApproval:
    'Primera aprobación registrada: un segundo administrador debe aprobar este retiro antes de que pueda pagarse.',
  sameAdmin: 'Usted dio a este retiro su primera aprobación: la segunda debe darla otro administrador.',
  limitsSaved: 'Límites de retiro guardados.',
  capInvalid:
    'Introduzca un importe en dólares mayor que 0 (con 2 decimales como máximo), o déjelo vacío para usar el valor predeterminado.',
  userNotFound: 'Usuario no encontrado.',
};

export const BOT_SIM_MSG: SharedTexts['BOT_SIM_MSG'] = {
  statusLines: [
    'Explorando libros de órdenes simulados…',
    'Evaluando el impulso simulado…',
    'Reequilibrando la posición simulada…',
    'Esperando la siguiente vela simulada…',
  ],
};
