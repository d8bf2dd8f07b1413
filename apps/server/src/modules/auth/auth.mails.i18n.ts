import type { Language } from '@svp/shared';
import type { AuthMailTexts } from './auth.mails.js';

/** auth.mails.ts' words in every language but English (DESIGN D19); a missing one does not compile. */
export const AUTH_MAIL_TRANSLATIONS: Record<Exclude<Language, 'en'>, AuthMailTexts> = {
  es: {
    welcome: {
      subject: 'Bienvenido',
      ready: (brand) =>
        `Su cuenta en ${brand} está lista. Inicie sesión con su dirección de correo electrónico y la contraseña que eligió.`,
      verify: 'Verifique esta dirección de correo electrónico abriendo este enlace (válido durante 24 horas):',
      wallet:
        'Los retiros siempre se envían a la dirección de billetera que registró; para cambiarla, contacte con soporte.',
      risk: 'Invertir conlleva riesgos: la rentabilidad no está garantizada y puede perder capital.',
    },
    otp: {
      subject: 'Su código para restablecer la contraseña',
      validity: 'Es válido durante 10 minutos y solo se puede usar una vez.',
      notYou: 'Si no pidió restablecer su contraseña, ignore este correo: su contraseña seguirá siendo la misma.',
    },
  },
  ru: {
    welcome: {
      subject: 'Добро пожаловать',
      ready: (brand) =>
        `Ваш аккаунт в ${brand} готов. Входите с помощью своего адреса электронной почты и выбранного пароля.`,
      verify: 'Подтвердите этот адрес электронной почты, открыв ссылку (она действует 24 часа):',
      wallet:
        'Средства всегда выводятся на адрес кошелька, указанный при регистрации; чтобы изменить его, обратитесь в службу поддержки.',
      risk: 'Инвестиции связаны с риском: доходность не гарантирована, и вы можете потерять капитал.',
    },
    otp: {
      subject: 'Код для сброса пароля',
      validity: 'Он действует 10 минут и может быть использован только один раз.',
      notYou: 'Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо: ваш пароль останется прежним.',
    },
  },
};
