/**
 * The trading bot's market SIMULATION (DESIGN D9): deterministic for a seed, labelled on screen as
 * "Simulated market — not live trading". Prices here are display numbers, never money.
 */
export const BOT_SIM = {
  candleIntervalMs: 3_000,
  maxCandles: 50,
  maPeriod: 7,
  maxMessages: 10,
  statusIntervalMs: 4_000,
  tokens: ['BTCUSD', 'ETHUSD', 'XRPUSD', 'LTCUSD', 'DOGEUSD'],
  statusLines: [
    'Scanning simulated order books…',
    'Evaluating simulated momentum…',
    'Rebalancing the simulated position…',
    'Waiting for the next simulated candle…',
  ],
} as const;

export interface Candle {
  /** Seconds since the epoch (what lightweight-charts expects). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface BotMessage {
  time: string;
  token: string;
  price: string;
  gainLoss: string;
  pips: string;
  direction: 'Gain' | 'Loss';
}

/** mulberry32: a tiny seeded PRNG, so a seed replays the same market. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Moving average of the closes over `period` candles; the first period − 1 candles have none. */
export function movingAverage(
  candles: readonly Candle[],
  period: number = BOT_SIM.maPeriod,
): { time: number; value: number }[] {
  const out: { time: number; value: number }[] = [];
  for (let i = period - 1; i < candles.length; i++) {
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += candles[j]!.close;
    out.push({ time: candles[i]!.time, value: sum / period });
  }
  return out;
}

/** Pips of a price change: change × 10,000 (SPEC §3). */
export const pips = (change: number) => Math.sign(change) * Math.round(Math.abs(change) * 10_000);

export interface BotSimulation {
  candles(): readonly Candle[];
  messages(): readonly BotMessage[];
  /** Adds the next candle (every 3 s on screen) and its bot message; keeps at most 50 and 10. */
  tick(): void;
  status(step: number): string;
}

/** A price held in whole ten-thousandths ("pips", SPEC §3's 4 decimals) as text: 12345 → "1.2345". */
export function formatPips(units: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  return `${sign}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')}`;
}

const PIP = 10_000;

export function createBotSimulation(seed: number, startTimeMs: number, startPrice = 1.2345): BotSimulation {
  const random = seededRandom(seed);
  const candles: Candle[] = [];
  const messages: BotMessage[] = [];
  // The market walks in whole pips, so what a message shows is exactly what the chart draws (no rounding
  // of floats on the way to the 4 decimals shown).
  let price = Math.round(startPrice * PIP);
  let time = Math.floor(startTimeMs / 1000);

  const tick = () => {
    const open = price;
    const close = Math.max(1, open + Math.round((random() - 0.5) * 100));
    const high = Math.max(open, close) + Math.round(random() * 30);
    const low = Math.max(1, Math.min(open, close) - Math.round(random() * 30));
    candles.push({ time, open: open / PIP, high: high / PIP, low: low / PIP, close: close / PIP });
    if (candles.length > BOT_SIM.maxCandles) candles.shift();
    const step = close - open;
    messages.unshift({
      time: new Date(time * 1000).toISOString().slice(11, 19),
      token: BOT_SIM.tokens[Math.floor(random() * BOT_SIM.tokens.length)]!,
      price: formatPips(close),
      // A zero step reads "+0.0000 … 0 pips … Gain", never a signed zero.
      gainLoss: `${step >= 0 ? '+' : '-'}${formatPips(Math.abs(step))}`,
      pips: String(step),
      direction: step >= 0 ? 'Gain' : 'Loss',
    });
    if (messages.length > BOT_SIM.maxMessages) messages.pop();
    price = close;
    time += BOT_SIM.candleIntervalMs / 1000;
  };

  return {
    candles: () => candles,
    messages: () => messages,
    tick,
    status: (step) => BOT_SIM.statusLines[step % BOT_SIM.statusLines.length]!,
  };
}
