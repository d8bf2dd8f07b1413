import type { SharedTexts } from '../../translation.js';
import {
  LEDGER_ACCOUNT_LABELS,
  LEDGER_ASSET_LABELS,
  LEDGER_KIND_GROUP_LABELS,
  LEDGER_KIND_LABELS,
  LEDGER_MSG,
} from './ledger.js';
import { MSG } from './msg.js';
import { BOT_SIM_MSG, WITHDRAWAL_CONTROLS_MSG } from './views.js';
import { s } from './plural.js';

/**
 * Spanish (DESIGN D19): every text of SHARED_TEXTS, addressing the reader as "usted". Amounts, brand names and
 * numbers stay as the English writes them; locales.test.ts holds the tree to English. MSG is in msg.ts.
 */
export const TEXTS: SharedTexts = {
  MSG,
  ACCOUNT_MSG: {
    currentPasswordRequired: 'Introduzca su contraseña actual.',
    currentPasswordWrong: 'Su contraseña actual no es correcta.',
    newPasswordSame: 'La nueva contraseña debe ser distinta de la actual.',
    passwordsMismatch: 'Las contraseñas no coinciden',
    passwordChanged: 'Contraseña cambiada. Se cerraron todas las demás sesiones.',
    passwordChangedMeanwhile: 'Su contraseña se cambió mientras tanto. Inicie sesión de nuevo y vuelva a intentarlo.',
    emailSame: 'Esta ya es su dirección de correo electrónico.',
    emailChangeSent: (email) =>
      `Hemos enviado un enlace de confirmación a ${email}. Su dirección de correo electrónico cambiará cuando lo abra (en un plazo de 24 horas).`,
    verificationSent: (email) =>
      `Hemos enviado un nuevo enlace de verificación a ${email}. Es válido durante 24 horas.`,
    alreadyVerified: 'Su dirección de correo electrónico ya está verificada.',
    linkInvalid: 'Este enlace de verificación no es válido, ya se ha usado o ha caducado. Solicite uno nuevo.',
    linkValid: 'Este enlace de verificación es válido.',
    verified: 'Su dirección de correo electrónico está verificada.',
    emailChanged: (email) => `Su dirección de correo electrónico ahora es ${email}.`,
    emailTakenOnVerify:
      'Otra cuenta usa ahora esta dirección de correo electrónico, por lo que no puede pasar a ser la suya.',
    unverifiedBanner: 'Verifique su dirección de correo electrónico: le hemos enviado un enlace.',
    withdrawalsNeedVerifiedEmail:
      'Verifique su dirección de correo electrónico antes de solicitar un retiro: abra el enlace que le enviamos por correo o solicite uno nuevo.',
    withdrawalsBlockedUnverified: 'Los retiros esperan a que se verifique su dirección de correo electrónico.',
    sessionNotFound: 'No se encontró esta sesión. Puede que ya haya finalizado.',
    sessionEnded: 'Se cerró la sesión.',
    otherSessionsEnded: (count) =>
      Number(count) === 1 ? 'Se cerró otra sesión.' : `Se cerraron otras ${count} sesiones.`,
    languageInvalid: 'Elija uno de los idiomas disponibles.',
  },
  TWO_FACTOR_MSG: {
    enrolStarted:
      'Escanee el código QR y, a continuación, introduzca el código de 6 dígitos que muestra su aplicación.',
    enabled:
      'La autenticación de dos factores está activada y se cerraron sus demás sesiones. Guarde sus códigos de recuperación en un lugar seguro: solo se muestran una vez.',
    alreadyEnabled: 'La autenticación de dos factores ya está activada.',
    notEnabled: 'La autenticación de dos factores no está activada en esta cuenta.',
    disabled: 'La autenticación de dos factores está desactivada.',
    passwordRequired: 'Introduzca su contraseña.',
    passwordWrong: 'Esa contraseña no es correcta.',
    codeRequired: 'Introduzca un código de su aplicación de autenticación o un código de recuperación.',
    signInRequired: 'Introduzca el código de 6 dígitos de su aplicación de autenticación o un código de recuperación.',
    reset: 'Se eliminó la autenticación de dos factores del usuario. Se le ha informado por correo electrónico.',
    resetNotSet: 'Este usuario no tiene ninguna autenticación de dos factores que eliminar.',
    resetUsersOnly: 'Aquí solo se puede restablecer la autenticación de dos factores de un inversor.',
    resetConfirm:
      '¿Eliminar la autenticación de dos factores de este usuario? Iniciará sesión solo con su contraseña hasta que vuelva a configurarla.',
  },
  OPERATOR_MSG: {
    permissionDenied: (permission) =>
      `No tiene permiso para hacer esto: se necesita el permiso "${permission}", que no otorga ninguno de sus roles de administrador.`,
    notAnAdmin: 'Los roles solo se pueden otorgar a cuentas de administrador.',
    unknownRole: 'Elija uno de los roles: superadmin, finance, support o compliance.',
    lastSuperadmin: 'Este es el último superadmin: otorgue el rol a otro administrador antes de quitarlo aquí.',
    roleGranted: 'Rol otorgado.',
    roleRevoked: 'Rol retirado.',
    roleUnchanged: 'No cambió nada: el administrador ya tenía exactamente esto.',
    maintenanceDefault:
      'SVP Invest está en mantenimiento. Su dinero está seguro; puede consultar la plataforma, pero los cambios están en pausa.',
    maintenanceOn: 'El modo de mantenimiento está activado: los usuarios pueden consultar, pero no cambiar nada.',
    maintenanceOff: 'El modo de mantenimiento está desactivado.',
    maintenanceMessageRequired: 'Escriba el mensaje que verán los usuarios (hasta 500 caracteres).',
    announcementQueued: (count) =>
      `El anuncio está en cola para ${count} ${s(count, 'usuario', 'usuarios')}: se envía por lotes.`,
    announcementTitleRequired: 'Escriba un título (hasta 120 caracteres).',
    announcementBodyRequired: 'Escriba el anuncio (hasta 2,000 caracteres).',
    announcementNoRecipients: 'Ningún usuario coincide con esta audiencia: no se envió nada.',
    dateInvalid: 'Introduzca una fecha con el formato AAAA-MM-DD.',
    periodInvalid: 'El final del periodo no puede ser anterior a su inicio.',
  },
  NOTIFICATION_MSG: {
    securityAlwaysOn: 'Los correos electrónicos de seguridad no se pueden desactivar.',
    saved: 'Sus preferencias de correo electrónico se han guardado.',
    cursorInvalid: 'El enlace de página no es válido.',
  },
  NOTIFICATION_CATEGORY_LABELS: {
    deposits: 'Depósitos acreditados',
    plans: 'Planes de inversión iniciados y vencidos',
    withdrawals: 'Retiros aprobados, pagados o rechazados',
    referrals: 'Bonos por referidos',
    support: 'Respuestas a sus tickets de soporte',
    bot: 'Bot de trading en pausa',
    staking: 'Stakings finalizados',
    announcements: 'Anuncios del equipo de SVP Invest',
    security: 'Seguridad (solicitudes de retiro, inicios de sesión): siempre se envían',
  },
  KEY_FACTS_MSG: {
    title: 'Antes de ingresar dinero: cómo puede salir su dinero',
    or: ' o ',
    topupFee: {
      term: 'Comisión de recarga',
      text: (fee) => `Cada recarga tiene una comisión de ${fee}, que se descuenta de lo que usted envía.`,
    },
    plans: {
      term: 'Planes',
      text: (smallest, days) =>
        `Los planes empiezan en ${smallest} y bloquean el importe durante ${days} días. ` +
        'Al vencimiento, el retiro previsto del plan puede salir del plan.',
    },
    withdrawal: {
      term: 'Retiro a su billetera',
      text: (fees, handling, crypto, charity) =>
        `Solo desde un plan: al vencimiento recibe el retiro previsto más sus ganancias, menos ${fees} en comisiones ` +
        `(${handling} de gestión, ${crypto} de cripto, ${charity} de beneficencia).`,
    },
    earningsRule: {
      term: 'Regla de ganancias',
      text: (rule, minimum) =>
        `${rule} Las ganancias son bonos por referidos y otros abonos, no el rendimiento del plan. ` +
        (minimum === '$0'
          ? ''
          : `Cada retiro le paga sus ganancias junto con él, así que cada retiro posterior necesita ${minimum} de ganancias nuevas.`),
    },
    breaking: {
      term: 'Cancelar un plan anticipadamente',
      text: (percent, fees) =>
        `Antes del vencimiento puede cancelar el plan: se le paga el ${percent}% del importe invertido, menos ${fees} en comisiones.`,
    },
    balance: {
      term: 'Su saldo se queda aquí',
      text:
        'El dinero de su saldo (recargas, un plan vencido pasado a su saldo) no se puede retirar a una billetera ' +
        'sin un plan: solo puede ir a un plan, al bot o al staking.',
    },
    arrival: {
      term: 'Cuándo llega',
      text: 'Los retiros se pagan a la billetera registrada en un plazo de 48 horas a 3 días. Los domingos no son días hábiles: los domingos no se procesa nada.',
    },
    bot: {
      term: 'El bot de trading',
      text: (cost, coinsCost, hours, upkeep) =>
        `Una simulación que no genera ganancias. La activación cuesta ${cost} o ${coinsCost} monedas; ` +
        `se pausa al cabo de ${hours} horas, salvo que haya ${upkeep} monedas disponibles para el día siguiente.`,
    },
    risk: {
      term: 'Riesgo',
      text: 'La rentabilidad no está garantizada y puede perder el dinero que invierte.',
    },
  },
  LEDGER_KIND_GROUP_LABELS,
  LEDGER_KIND_LABELS,
  LEDGER_ACCOUNT_LABELS,
  LEDGER_ASSET_LABELS,
  LEDGER_MSG,
  WITHDRAWAL_CONTROLS_MSG,
  BOT_SIM_MSG,
  SIGN_IN_OUTCOME_LABEL: {
    success: 'Sesión iniciada',
    failed: 'Intento fallido',
    'password-only': 'Contraseña correcta, código no indicado o incorrecto',
  },
  ADMIN_ROLE_LABELS: {
    superadmin: 'Superadmin: todo, incluidos los roles y el mantenimiento',
    finance: 'Finance: retiros, tesorería, ajustes de saldo, exportaciones',
    support: 'Support: tickets, búsqueda de usuarios, anuncios',
    compliance: 'Compliance: lectura de todo, registro de auditoría, exportaciones',
  },
  ANNOUNCEMENT_AUDIENCE_LABELS: {
    all: 'Todos los usuarios',
    verified: 'Usuarios con correo electrónico verificado',
    invested: 'Usuarios con un plan activo',
    inactive30: 'Usuarios que no han iniciado sesión en 30 días',
  },
};
