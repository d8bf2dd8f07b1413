import type { Language } from '@svp/shared';
import type { AccountMailTexts } from './account.mails.js';

/** account.mails.ts' words in every language but English (DESIGN D19); a missing one does not compile. */
export const ACCOUNT_MAIL_TRANSLATIONS: Record<Exclude<Language, 'en'>, AccountMailTexts> = {
  es: {
    verification: {
      signupSubject: 'Verifique su dirección de correo electrónico',
      changeSubject: 'Confirme su nueva dirección de correo electrónico',
      signup: (brand) =>
        `Verifique esta dirección de correo electrónico para su cuenta en ${brand} abriendo este enlace:`,
      change: (brand) => `Pidió usar esta dirección para su cuenta en ${brand}. Confírmela abriendo este enlace:`,
      validity: 'El enlace es válido durante 24 horas y solo funciona una vez. Si no lo pidió, ignore este correo.',
    },
    passwordChanged: {
      subject: 'Se ha cambiado su contraseña',
      body: (brand, at) =>
        `La contraseña de su cuenta en ${brand} se cambió el ${at}. Se cerraron todas las demás sesiones iniciadas.`,
    },
    emailChangeRequested: {
      subject: 'Se ha solicitado cambiar su dirección de correo electrónico',
      asked: (newEmail) =>
        `Alguien con la sesión iniciada en su cuenta ha pedido cambiar su dirección de correo electrónico a ${newEmail}.`,
      until: 'No cambiará nada hasta que esa dirección lo confirme mediante el enlace que le enviamos.',
    },
    emailChanged: {
      subject: 'Se ha cambiado su dirección de correo electrónico',
      body: (brand, newEmail) =>
        `La dirección de correo electrónico de su cuenta en ${brand} es ahora ${newEmail}. A partir de ahora, los correos sobre la cuenta se enviarán allí.`,
    },
    newDevice: {
      subject: 'Nuevo inicio de sesión en su cuenta',
      body: (device, ip, at) =>
        `Se ha iniciado sesión en su cuenta desde un dispositivo que no se había usado antes: ${device}` +
        `${ip ? `, dirección ${ip}` : ''}, el ${at}.`,
      sessions: 'Puede ver todas las sesiones y cerrarlas en Configuración → Seguridad.',
    },
  },
  ru: {
    verification: {
      signupSubject: 'Подтвердите адрес электронной почты',
      changeSubject: 'Подтвердите новый адрес электронной почты',
      signup: (brand) => `Подтвердите этот адрес электронной почты для вашего аккаунта в ${brand}, открыв ссылку:`,
      change: (brand) =>
        `Вы попросили использовать этот адрес для вашего аккаунта в ${brand}. Подтвердите его, открыв ссылку:`,
      validity:
        'Ссылка действует 24 часа и срабатывает только один раз. Если вы её не запрашивали, проигнорируйте это письмо.',
    },
    passwordChanged: {
      subject: 'Ваш пароль изменён',
      body: (brand, at) =>
        `Пароль вашего аккаунта в ${brand} был изменён ${at}. Все остальные активные сеансы завершены.`,
    },
    emailChangeRequested: {
      subject: 'Запрошена смена адреса электронной почты',
      asked: (newEmail) => `Кто-то, войдя в ваш аккаунт, запросил смену его адреса электронной почты на ${newEmail}.`,
      until: 'Ничего не изменится, пока этот адрес не подтвердит смену по ссылке, которую мы на него отправили.',
    },
    emailChanged: {
      subject: 'Адрес электронной почты изменён',
      body: (brand, newEmail) =>
        `Теперь адрес электронной почты вашего аккаунта в ${brand} — ${newEmail}. Письма об аккаунте будут приходить на него.`,
    },
    newDevice: {
      subject: 'Новый вход в ваш аккаунт',
      body: (device, ip, at) =>
        `В ваш аккаунт выполнен вход с устройства, которое раньше не использовалось: ${device}` +
        `${ip ? `, адрес ${ip}` : ''}, ${at}.`,
      sessions: 'Все сеансы можно посмотреть и завершить в разделе «Настройки → Безопасность».',
    },
  },
};
