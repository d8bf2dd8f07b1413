import type { Language } from '@svp/shared';
import type { TwoFactorMailTexts } from './two-factor.mails.js';

/** «2 раза», «5 раз», «22 раза»: the count's Russian plural (a list of attempts has two or more). */
const RU_TIMES = (n: number) => (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 'раза' : 'раз');

/** two-factor.mails.ts' words in every language but English (DESIGN D19); a missing one does not compile. */
export const TWO_FACTOR_MAIL_TRANSLATIONS: Record<Exclude<Language, 'en'>, TwoFactorMailTexts> = {
  es: {
    reset: {
      subject: 'Se ha eliminado la autenticación de dos factores de su cuenta',
      lines: [
        'Nuestro equipo de soporte ha eliminado la autenticación de dos factores de su cuenta, normalmente porque su',
        'titular perdió la aplicación de autenticación y los códigos de recuperación.',
        'Ahora inicia sesión solo con su contraseña. Puede volver a activarla en Configuración → Seguridad.',
        '',
        'Si no lo pidió usted, cambie su contraseña ahora y contacte con soporte a través de Mensajes.',
      ],
    },
    changed: {
      subject: (on) => `Se ha ${on ? 'activado' : 'desactivado'} la autenticación de dos factores`,
      on: (at) =>
        `La autenticación de dos factores se activó en su cuenta el ${at}. Ahora, para iniciar sesión, necesita ` +
        'su contraseña y un código de su aplicación de autenticación; se cerraron todas las demás sesiones.',
      off: (at) =>
        `La autenticación de dos factores se desactivó en su cuenta el ${at}. Ahora basta con su contraseña ` +
        'para iniciar sesión. Puede volver a activarla en Configuración → Seguridad.',
    },
    passwordWithoutCode: {
      subject: 'Alguien ha introducido su contraseña',
      once: 'Alguien introdujo la contraseña correcta de su cuenta, pero no un código válido de dos factores, así que no pudo iniciar sesión:',
      times: (count) =>
        `Alguien introdujo la contraseña correcta de su cuenta ${count} veces, pero no un código válido de dos factores, así que no pudo iniciar sesión:`,
      attempt: (at, device, ip) => `- ${at}: ${device}${ip ? `, dirección ${ip}` : ''}`,
      notYou:
        'Si no fue usted, otra persona conoce su contraseña: cámbiela ahora en Configuración → Seguridad y ' +
        'contacte con soporte. Su segundo factor le impidió entrar.',
      wasYou: 'Si fue usted y se detuvo en el código, puede ignorar este correo.',
    },
  },
  ru: {
    reset: {
      subject: 'Двухфакторная аутентификация отключена для вашего аккаунта',
      lines: [
        'Наша служба поддержки отключила двухфакторную аутентификацию для вашего аккаунта — обычно так делают, если',
        'владелец потерял приложение-аутентификатор и коды восстановления.',
        'Теперь для входа достаточно пароля. Снова включить её можно в разделе «Настройки → Безопасность».',
        '',
        'Если вы об этом не просили, немедленно смените пароль и напишите в поддержку через раздел «Сообщения».',
      ],
    },
    changed: {
      subject: (on) => `Двухфакторная аутентификация ${on ? 'включена' : 'отключена'}`,
      on: (at) =>
        `Двухфакторная аутентификация включена для вашего аккаунта ${at}. Теперь для входа нужны ` +
        'пароль и код из приложения-аутентификатора; все остальные сеансы завершены.',
      off: (at) =>
        `Двухфакторная аутентификация отключена для вашего аккаунта ${at}. Теперь для входа достаточно ` +
        'одного пароля. Снова включить её можно в разделе «Настройки → Безопасность».',
    },
    passwordWithoutCode: {
      subject: 'Кто-то ввёл ваш пароль',
      once: 'Кто-то ввёл верный пароль от вашего аккаунта, но не ввёл действующий код двухфакторной аутентификации, поэтому вход не выполнен:',
      times: (count) =>
        `Кто-то ${count} ${RU_TIMES(count)} ввёл верный пароль от вашего аккаунта, но не ввёл действующий код двухфакторной аутентификации, поэтому вход не выполнен:`,
      attempt: (at, device, ip) => `- ${at}: ${device}${ip ? `, адрес ${ip}` : ''}`,
      notYou:
        'Если это были не вы, ваш пароль известен кому-то ещё: немедленно смените его в разделе «Настройки → Безопасность» ' +
        'и обратитесь в поддержку. Второй фактор не дал злоумышленнику войти.',
      wasYou: 'Если это были вы и просто не ввели код, можете проигнорировать это письмо.',
    },
  },
};
