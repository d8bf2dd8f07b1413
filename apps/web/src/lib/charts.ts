import type { TickMarkFormatter } from 'lightweight-charts';

// lightweight-charts' TickMarkType values (a const enum in its typings, so not usable here).
const TIME = 3;
const TIME_WITH_SECONDS = 4;

/**
 * Locales whose 24-hour times (`toLocaleString(locale, { hour12: false, hour: '2-digit', minute: '2-digit' })`,
 * with or without `second: '2-digit'`) are plain HH:mm and HH:mm:ss, checked in Chromium for every hour.
 * Exact tags only: a region can change the format (fr-CA writes "13 h 45").
 */
const PLAIN_24_HOUR = new Set([
  'en', 'en-US', 'en-GB', 'en-AU', 'en-CA', 'en-IN', 'en-NZ', 'en-ZA',
  'de', 'de-DE', 'de-AT', 'de-CH', 'fr', 'fr-FR', 'es', 'es-ES', 'es-MX', 'es-419', 'it', 'it-IT',
  'nl', 'nl-NL', 'pt', 'pt-BR', 'pt-PT', 'ru', 'ru-RU', 'pl', 'pl-PL', 'tr', 'tr-TR', 'uk', 'uk-UA',
  'sv', 'sv-SE', 'ja', 'ja-JP', 'zh', 'zh-CN', 'zh-TW', 'ko', 'ko-KR', 'hi', 'hi-IN', 'vi', 'vi-VN',
  'th', 'th-TH', 'he', 'bg', 'cs', 'ro', 'hu', 'el',
]); // prettier-ignore

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The time axis labels of our charts exactly as lightweight-charts writes them by default (its
 * defaultTickMarkFormatter reads the UTC fields of the time as a local time and formats that with
 * toLocaleString), without going through Intl for the times of the locales above: the first Intl date format
 * of a page costs a long task (about 25 ms on a desktop, several times that on a phone), and the chart's first
 * drawing is the only date formatting of the dashboard home. Anything else (dates, months, years, other
 * locales) goes to the library's own formatter.
 */
export const tickMarkFormatter: TickMarkFormatter = (time, tickMarkType, locale) => {
  if (typeof time !== 'number' || (tickMarkType !== TIME && tickMarkType !== TIME_WITH_SECONDS)) return null;
  if (!PLAIN_24_HOUR.has(locale)) return null;
  const utc = new Date(time * 1000);
  const local = new Date(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
    utc.getUTCMilliseconds(),
  );
  const hoursMinutes = `${pad(local.getHours())}:${pad(local.getMinutes())}`;
  return tickMarkType === TIME ? hoursMinutes : `${hoursMinutes}:${pad(local.getSeconds())}`;
};
