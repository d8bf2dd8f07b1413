import type { TickMarkType, UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { tickMarkFormatter } from './charts';

const TIME = 3 as TickMarkType;
const TIME_WITH_SECONDS = 4 as TickMarkType;

/** lightweight-charts' defaultTickMarkFormatter for a UTC timestamp, as in its source. */
function libraryDefault(time: number, withSeconds: boolean, locale: string): string {
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
  return local.toLocaleString(locale, {
    hour12: false,
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
}

describe('tickMarkFormatter', () => {
  it('writes the times the library writes', () => {
    // Hour 0 is left out: Node's ICU writes "24" for it in en-US where browsers write "00" (checked below).
    const start = Date.UTC(2026, 0, 1, 1, 0, 0) / 1000;
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'ja-JP', 'pt-BR'])
      for (let step = 0; step < 23 * 12; step++) {
        const time = (start + step * 299 + (step % 7)) as UTCTimestamp;
        expect(tickMarkFormatter(time, TIME, locale)).toBe(libraryDefault(time, false, locale));
        expect(tickMarkFormatter(time, TIME_WITH_SECONDS, locale)).toBe(libraryDefault(time, true, locale));
      }
    const midnight = (Date.UTC(2026, 0, 1, 0, 5, 7) / 1000) as UTCTimestamp;
    expect(tickMarkFormatter(midnight, TIME, 'en-US')).toBe('00:05');
    expect(tickMarkFormatter(midnight, TIME_WITH_SECONDS, 'en-US')).toBe('00:05:07');
  });

  it('leaves dates, other locales and other times to the library', () => {
    const time = 1_795_441_583 as UTCTimestamp;
    expect(tickMarkFormatter(time, 2 as TickMarkType, 'en-US')).toBeNull();
    expect(tickMarkFormatter(time, TIME, 'fr-CA')).toBeNull();
    expect(tickMarkFormatter(time, TIME, 'fi-FI')).toBeNull();
    expect(tickMarkFormatter('2026-01-01', TIME, 'en-US')).toBeNull();
  });
});
