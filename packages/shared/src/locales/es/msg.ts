import type { SharedTexts } from '../../translation.js';
import { s } from './plural.js';

/** MSG in Spanish (see ../es.ts). */
export const MSG: SharedTexts['MSG'] = {
  register: {
    walletRequired: 'La dirección de la billetera es obligatoria.',
    walletInvalid: 'La dirección de la billetera debe ser una dirección BEP-20 válida.',
    emailInvalid: 'El formato del correo electrónico no es válido.',
    emailTaken: 'Este correo electrónico ya está registrado.',
    passwordRequired: 'La contraseña es obligatoria.',
    passwordShort: 'La contraseña debe tener al menos 8 caracteres.',
    termsRequired: 'Debe aceptar los términos y condiciones.',
    passwordsMismatch: '¡Las contraseñas no coinciden!',
    referralUnknown: 'No se encontró el código de referido.',
    success: '¡Usuario registrado correctamente!',
    unknownError: 'Se produjo un error desconocido. Inténtelo de nuevo más tarde.',
    networkError:
      'Se produjo un error al enviar el formulario. Compruebe su conexión de red o inténtelo de nuevo más tarde.',
  },
  login: {
    bothRequired: 'Introduzca su correo electrónico o teléfono y su contraseña.',
    invalid: 'Credenciales no válidas o usuario no encontrado. Regístrese.',
    httpErrorDefault: 'Se produjo un error al iniciar sesión. Inténtelo de nuevo.',
    network: 'Error de red. Compruebe su conexión a internet.',
    userOnly: 'Acceso denegado: debe ser usuario para acceder a esta página.',
    disabled: 'Su cuenta está desactivada. Póngase en contacto con el soporte.',
  },
  adminLogin: {
    invalid: 'Credenciales no válidas o usuario no encontrado.',
    adminOnly: 'Acceso denegado: solo los administradores pueden iniciar sesión aquí.',
  },
  otp: {
    sendFailed: 'No se encontró el correo electrónico o hubo un error al enviar el código de un solo uso',
    connection: 'Error al conectar con el servidor',
    verifyFailed: 'No se pudo verificar el código de un solo uso',
    allRequired: 'Complete todos los campos.',
    passwordsMismatch: 'Las contraseñas no coinciden',
    sent: 'Si existe una cuenta con este correo electrónico, recibirá un código en breve.',
    resetDone: 'Su contraseña se ha restablecido.',
  },
  logout: {
    title: 'Confirmar cierre de sesión',
    question: '¿Seguro que desea cerrar sesión?',
  },
  totp: {
    setupRequired: 'Configure la autenticación de dos factores para continuar.',
    codeRequired: 'Introduzca el código de 6 dígitos de su aplicación de autenticación.',
    invalid: 'Ese código no es válido. Pruebe con el código actual o con un código de recuperación.',
    enabled: 'La autenticación de dos factores está activada. Guarde sus códigos de recuperación en un lugar seguro.',
    verified: 'Sesión iniciada.',
    reauthRequired:
      'Para cambiar su propio correo electrónico o billetera, confirme que es usted con un código nuevo de su aplicación de autenticación.',
    reauthenticated: 'Confirmado. Ya puede realizar el cambio.',
  },
  dashboard: {
    loading: 'Cargando su panel...',
    userNotFound: 'No se encontraron los datos del usuario',
    fetchError: 'Error al obtener los datos del usuario',
    notFound: 'Página no encontrada',
  },
  topup: {
    invalidAmount: 'Introduzca un importe válido mayor que 0',
    walletFetchFailed: 'No se pudo obtener la dirección de la billetera.',
    walletUnavailable: 'No es posible obtener la dirección de la billetera. Inténtelo de nuevo más tarde.',
    confirmFailed: 'No se pudo confirmar el pago. Inténtelo de nuevo.',
    requestFailed: 'Error al procesar la solicitud',
    sendFailed: 'Se produjo un error al enviar la solicitud. Inténtelo de nuevo.',
    testPaymentsDisabled: 'Los pagos de prueba solo existen en la cadena simulada, fuera de producción.',
    flagUnder:
      'Este pago fue inferior al importe a pagar. Se acreditó lo recibido, menos la comisión de $3; envíe el resto como una nueva recarga.',
    flagOver: 'Este pago fue superior al importe a pagar. Se acreditó todo lo recibido, menos la comisión de $3.',
    flagUnrequested:
      'Este pago llegó sin una solicitud de recarga abierta. Se acreditó tal como se recibió, menos la comisión de $3.',
    aboveCeiling: (most, ceiling) =>
      `Introduzca un importe de ${most} como máximo: con la comisión de $3, un pago puede ser de ${ceiling} como máximo.`,
    rejectedAboveCeiling: (received, ceiling) =>
      `No acreditado: ${received} USDT supera el límite de ${ceiling} por pago. Haga el seguimiento con el usuario.`,
    rejectedFailed: (detail) => `No acreditado: no se pudo registrar (${detail}). Haga el seguimiento con el usuario.`,
  },
  invest: {
    activePlan: (tier) =>
      `Ya tiene un plan ${tier} activo. Espere a que venza su plan actual antes de iniciar uno nuevo.`,
    maturedPlan: (tier) =>
      `Su plan ${tier} ha vencido. Retírelo, o páselo a su saldo en la página de retiro, antes de iniciar uno nuevo.`,
    missingPlan: 'Seleccione un plan y una duración.',
    belowMinimum: (min) => `El importe debe ser de al menos $${min}`,
    userNotFound: 'No se encontraron los datos del usuario.',
    insufficient: 'Saldo insuficiente.',
    durationDisabled: 'Esta duración aún no está disponible.',
    failed: 'Se produjo un error al actualizar el saldo.',
    success: 'Su inversión ha comenzado.',
  },
  withdraw: {
    failed: 'No se pudo procesar el retiro.',
    error: 'Se produjo un error al procesar su solicitud. Inténtelo de nuevo más tarde.',
    notMatured: (days) => `Su plan vence en ${days} ${s(days, 'día', 'días')}.`,
    noPlan: 'No tiene ningún plan activo que retirar.',
    earningsTooLow: 'Necesita al menos $5 en ganancias para retirar.',
    earningsNeeded: (amount) => `Necesita al menos ${amount} en ganancias para retirar.`,
    ruleNoMinimum: 'Al vencimiento puede retirar el pago a su billetera.',
    ruleBeforeInvesting: (minimum) =>
      minimum === '$0'
        ? 'Al vencimiento puede retirar el pago a su billetera.'
        : `Para retirar a su billetera al vencimiento necesita al menos ${minimum} en ganancias` +
          '; sin ellas, puede pasar el plan vencido a su saldo.',
    ruleBeforeInvestingWithReferrals: (minimum, count, bonus) =>
      minimum === '$0'
        ? 'Al vencimiento puede retirar el pago a su billetera.'
        : `Para retirar a su billetera al vencimiento necesita al menos ${minimum} en ganancias` +
          ` (por ejemplo, ${count} ${s(count, 'referido', 'referidos')} a ${bonus} cada uno)` +
          '; sin ellas, puede pasar el plan vencido a su saldo.',
    nothingExpected: 'No hay ningún retiro previsto que pagar.',
    alreadyMatured: 'Su plan ha vencido: use Retirar en lugar de cancelarlo anticipadamente.',
    movedToBalance: (amount) =>
      `${amount} de su plan vencido ya está en su saldo. Puede iniciar un nuevo plan con ese importe.`,
    success: 'Hemos recibido su solicitud de retiro. Los fondos llegan en un plazo de 48 horas (días hábiles).',
    notPending: 'Este retiro ya no está pendiente.',
    notApproved: 'Este retiro no está aprobado para el pago.',
    payoutInFlight: 'Ya se envió un pago para este retiro: espere a que la cadena lo confirme o lo descarte.',
    txHashInvalid: 'Introduzca el hash de la transacción en la cadena (0x y 64 dígitos hexadecimales).',
    reasonRequired: 'Indique el motivo del rechazo.',
  },
  earnings: {
    emailRequired: 'Se necesita el correo electrónico para obtener las ganancias.',
    failed: 'No se pudieron obtener las ganancias.',
    error: 'Se produjo un error. Inténtelo de nuevo más tarde.',
  },
  referral: {
    fetchFailed: 'No se pudo obtener el código de referido.',
    saveError: 'Error al guardar el código de referido.',
    saveFailed: 'No se pudo guardar el código de referido.',
    customInvalid: 'El código personalizado solo puede contener letras, números y guiones bajos.',
    taken: 'Este código de referido ya está en uso. Elija otro.',
    alreadySet: 'Ya tiene un código de referido.',
    saved: 'Código de referido guardado.',
    tooLong: 'El código personalizado puede tener como máximo 20 caracteres.',
    paused: 'Los bonos por referido están en pausa por el momento.',
    inviteOnSignup: (bonus) =>
      `Invite a un amigo con su código de referido: cuando se registre, cada uno de ustedes recibirá ${bonus}.`,
    inviteOnInvestment: (bonus) =>
      `Invite a un amigo con su código de referido: cuando inicie su primera inversión, cada uno de ustedes recibirá ${bonus}.`,
    bonusBoth: (usd, svp) => `${usd} más ${svp} tokens SVP`,
    bonusSvp: (svp) => `${svp} tokens SVP`,
    bonusNothing: 'nada',
  },
  rewards: {
    dailyClaimed: '¡Monedas diarias reclamadas!',
    dailyFailed: 'No se pudo reclamar el bono diario.',
    dailyError: 'Error al reclamar el bono diario.',
    noDailyCoins: 'Todavía no hay monedas diarias que reclamar.',
    welcomeUpdated: '¡Estado de la recompensa de bienvenida actualizado!',
    welcomeAlready: 'Ya ha recibido la recompensa de bienvenida.',
    statusFailed: 'No se pudo obtener el estado de la recompensa',
    statusUnclaimed: 'Complete la tarea de Telegram para recibir 20,000 monedas.',
    statusClaimed: 'Recompensa de bienvenida reclamada.',
  },
  bot: {
    activated: 'Bot activado correctamente.',
    failed: 'No se pudo activar el bot.',
    error: 'Error al activar el bot. Inténtelo de nuevo.',
    needCoins: 'Necesita al menos 500,000 monedas para activar el bot.',
    needBalance: 'Necesita al menos $5 para activar el bot.',
    hint: 'Necesita 500,000 monedas SVP o $5 para activar el bot.',
    needPlan: 'Seleccione un plan para activar el bot.',
    alreadyActive: 'El bot ya está activo.',
    paused:
      'El bot está en pausa: no se pudo pagar el mantenimiento diario de 100,000 monedas. Vuelva a activarlo para reanudarlo.',
    simulated: 'Mercado simulado — no es trading real',
  },
  taps: {
    saved: '¡Monedas guardadas y saldo actualizado!',
    saveError: 'Error al guardar las monedas. Inténtelo de nuevo.',
    loadFailed: 'No se pudo cargar el total de monedas desde el servidor.',
    noEmail: 'No se encontró el correo electrónico del usuario. No se pueden guardar los toques.',
    none: 'No hay monedas que guardar.',
    tooFast:
      'Son más toques de los que nadie podría hacer desde su último guardado. Toque a un ritmo humano, por favor.',
    tooManyForOneSave: (max, seconds) =>
      `Un guardado puede incluir como máximo ${max.toLocaleString('en-US')} ${s(max, 'toque', 'toques')} ` +
      `(${seconds} ${s(seconds, 'segundo', 'segundos')} de toques). Guarde con más frecuencia.`,
    dailyCap: (cap) =>
      `Ha alcanzado el límite diario de ${cap.toLocaleString('en-US')} ${s(cap, 'toque', 'toques')}. Vuelva mañana.`,
  },
  staking: {
    failed: 'La solicitud de staking no se pudo completar.',
    error: 'Se produjo un error.',
    convertInvalid: 'Importe a convertir no válido.',
    insufficientBalance: 'Saldo insuficiente.',
    insufficientFund: 'Saldo del fondo insuficiente.',
    buyInvalid: 'Importe no válido para comprar tokens.',
    buyMinimum: 'Debe comprar al menos $1 en tokens SVP.',
    sellInvalid: 'Importe no válido para vender tokens.',
    insufficientTokens: 'Tokens SVP insuficientes.',
    stakeInvalid: 'Importe de staking no válido.',
    stakeInsufficient: 'No tiene suficientes tokens SVP en su billetera.',
    stakeActive: 'Ya tiene un staking activo. Espere a que termine.',
    noEarnings: 'No hay ganancias que retirar.',
    transferInvalid: 'Importe de transferencia no válido.',
    transferInsufficient: 'Saldo del fondo insuficiente para transferir.',
    transferSelf: 'No puede transferirse fondos a sí mismo.',
    transferUnknown: 'El usuario destinatario no existe.',
    staked: '¡Tokens puestos en staking correctamente!',
    bought: (tokens, usd) => `Ha comprado correctamente ${tokens} ${s(tokens, 'token', 'tokens')} SVP por $${usd} USD.`,
    sold: (tokens, usd) => `¡Ha vendido correctamente ${tokens} ${s(tokens, 'token', 'tokens')} SVP por $${usd}!`,
    converted: (usd, toFund) => `Se transfirieron $${usd} a su ${toFund ? 'saldo del fondo' : 'saldo'}.`,
    withdrawn: (usd) => `Se transfirieron $${usd} de ganancias de staking a su saldo.`,
    transferred: (usd, to) => `Se transfirieron $${usd} a ${to}.`,
  },
  tickets: {
    empty: 'El asunto y el mensaje no pueden estar vacíos.',
    limit: 'Ha alcanzado el límite de 2 mensajes en 24 horas.',
    failed: 'No se pudo enviar el ticket. Inténtelo de nuevo.',
    sent: 'Su ticket se ha enviado. Le responderemos aquí.',
    replySent: 'Su respuesta se ha enviado.',
    closed: 'Este ticket está cerrado.',
    selectTicket: 'Seleccione un ticket para ver los detalles',
    noTickets: 'No se encontraron tickets.',
    noMessages: 'Todavía no hay mensajes.',
    loadFailed: 'No se pudieron cargar los mensajes',
    replyFailed: 'No se pudo enviar la respuesta',
    ticketClosed: 'Ticket cerrado.',
  },
  profile: {
    usernameFailed: 'No se pudo actualizar el nombre de usuario',
    network: 'Error de red. Inténtelo de nuevo más tarde.',
    usernameTaken: 'Este nombre de usuario ya está en uso.',
    usernameInvalid: 'El nombre de usuario debe tener de 3 a 30 letras, dígitos o guiones bajos.',
    usernameSaved: 'Nombre de usuario actualizado.',
  },
  admin: {
    emailInvalid: 'Introduzca un correo electrónico válido.',
    emailRequired: 'Introduzca un correo electrónico para obtener los datos del usuario.',
    notFound: 'No se encontraron datos de usuario para este correo electrónico.',
    fetchError: 'Error al obtener los datos del usuario.',
    updateError: 'Error al actualizar los datos del usuario.',
    updated: 'Información del usuario actualizada correctamente.',
    selectField: 'Seleccione un campo e introduzca un nuevo valor.',
    referralUserNotFound: 'Usuario no encontrado',
    referralUpdateFailed: 'No se pudo actualizar el usuario',
    referralUpdated: '¡Usuario actualizado correctamente!',
    noUsers: 'No se encontraron usuarios',
    tableUpdateFailed: 'Se produjo un error al actualizar. Inténtelo de nuevo.',
    fieldNotEditable: 'Este campo no se puede editar aquí.',
    invalidValue: 'Este valor no es válido para el campo.',
    emailTaken: 'Otra cuenta ya usa este correo electrónico.',
    phoneTaken: 'Otra cuenta ya usa este número de teléfono.',
    adjustReasonRequired: 'Indique el motivo del ajuste.',
    adjustInvalid:
      'Introduzca un importe mayor que 0 en cifras, con 2 decimales como máximo (tokens enteros para SVP).',
    adjustInsufficient: 'La cuenta no tiene tanto saldo.',
    adjusted: 'Saldo ajustado.',
    selfDemote: 'No puede quitarse su propio rol de administrador ni desactivar su propia cuenta.',
    reauthRequired: 'Introduzca su contraseña para cambiar su propio correo electrónico o billetera.',
    badCursor: 'Esta página de la tabla está desactualizada: vuelva a empezar desde la primera página.',
  },
  payoutCheck: {
    notFound: 'No hay ninguna transacción con este hash en la cadena.',
    failed: 'Esta transacción falló en la cadena: no movió USDT.',
    otherToken: 'Esta transacción no movió USDT (es otro token o no hay ninguna transferencia de tokens).',
    notFromTreasury: 'Esta transferencia de USDT no salió de la dirección de la tesorería.',
    otherRecipient: 'Esta transferencia de USDT fue a una dirección distinta de la billetera registrada del usuario.',
    otherAmount: (sent, due) => `Esta transferencia envió ${sent} USDT; el pago es de ${due} USDT.`,
    unconfirmed: (have, need) =>
      `Esta transferencia tiene ${have} de ${need} ${s(need, 'confirmación necesaria', 'confirmaciones necesarias')}. ` +
      'Inténtelo de nuevo en un minuto.',
    alreadyUsed: 'Esta transferencia ya se registró para otro pago.',
    noChain: 'No se pueden comprobar los pagos: no hay ninguna cadena configurada.',
  },
  treasury: {
    balanced: 'Los fondos en la cadena cubren lo que adeuda el libro contable.',
    surplus: (amount) => `La cadena tiene ${amount} más de lo que adeuda el libro contable.`,
    shortfall: (amount) =>
      `La cadena tiene ${amount} menos de lo que adeuda el libro contable: aporte fondos a la tesorería.`,
    notRefreshed: 'El monitor aún no ha leído la cadena.',
    unmatched: 'Salieron USDT de la tesorería sin corresponder a ningún retiro aprobado.',
    unmatchedAcknowledged:
      'La transferencia está justificada: ya no genera la alerta. Su nota figura en el registro de auditoría.',
    unmatchedNotFound: 'No hay ninguna transferencia sin correspondencia con este hash e índice de registro.',
    runNotFound: 'No hay ninguna ejecución de tesorería con este id.',
    transferNoteRequired: 'Indique en pocas palabras qué fue esta transferencia.',
  },
  common: {
    rateLimited: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
    unauthenticated: 'Inicie sesión para continuar.',
    forbidden: 'No tiene permiso para hacer esto.',
    csrf: 'Falta el token de formulario de su sesión o ha caducado. Vuelva a cargar la página e inténtelo de nuevo.',
    notFound: 'No encontrado.',
    invalidPath: 'Esta dirección no es válida.',
    invalidInput: 'Algunos campos no son válidos.',
    amountTooLarge: (ceiling) => `Introduzca un importe de ${ceiling} como máximo: no se aceptan importes mayores.`,
    amountDecimals: 'Introduzca el importe con 2 decimales como máximo (centavos enteros), como 25 o 25.50.',
    tokensWhole: 'Introduzca un número entero de tokens SVP, sin decimales.',
    idempotencyMismatch: 'Esta clave de solicitud ya se usó para una solicitud diferente.',
    requestInProgress: 'Esta solicitud todavía se está procesando. Espere, por favor.',
    requestDoneAnswerLost:
      'Esta solicitud ya se realizó, pero su respuesta se perdió por una interrupción. Sus saldos y su historial muestran el resultado.',
    internal: 'Algo salió mal por nuestra parte. Inténtelo de nuevo más tarde.',
    payloadTooLarge: 'La solicitud es demasiado grande.',
    screenFailed: 'No se pudo mostrar esta página',
    screenFailedHint:
      'Puede que no haya terminado de descargarse o que se acabe de publicar una nueva versión de SVP Invest. Vuelva a cargar la página para intentarlo de nuevo.',
  },
};
