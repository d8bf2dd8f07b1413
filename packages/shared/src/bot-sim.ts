/** The simulation's display texts (DESIGN D19: in SHARED_TEXTS, so the web shows them in the reader's language). */
export const BOT_SIM_MSG = {
  statusLines: [
    'Scanning simulated order books…',
    'Evaluating simulated momentum…',
    'Rebalancing the simulated position…',
    'Waiting for the next simulated candle…',
  ],
} as const;

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
  /**
   * Where each symbol's simulated series starts: a plausible level for it, not a quote. Each symbol walks on
   * its own from there (they used to share one series near 1.22).
   */
  startPrices: { BTCUSD: 64_250, ETHUSD: 3_180, XRPUSD: 0.52, LTCUSD: 84.3, DOGEUSD: 0.1234 },
  /** Largest move of one candle, as a share of the price (±0.2 %). */
  maxStep: 0.002,
  /** The status box's lines, one every 4 s (translated: SHARED_TEXTS.BOT_SIM_MSG). */
  statusLines: BOT_SIM_MSG.statusLines,
} as const;

export type BotToken = (typeof BOT_SIM.tokens)[number];

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
  token: BotToken;
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
  /** One symbol's candles (by default the first, BTCUSD), oldest first. */
  candles(token?: BotToken): readonly Candle[];
  messages(): readonly BotMessage[];
  /**
   * Adds the next candle of every symbol (every 3 s on screen) and one bot message about one of them; keeps
   * at most 50 candles per symbol and 10 messages.
   */
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

/** One symbol's own random walk, in whole pips, from its own seed. */
function createSeries(seed: number, startPrice: number) {
  const random = seededRandom(seed);
  const candles: Candle[] = [];
  let price = Math.max(1, Math.round(startPrice * PIP));
  return {
    candles,
    /** The next candle at `time`; returns its open and close in pips. */
    next(time: number) {
      const open = price;
      // Moves scale with the price (±0.2 % a candle), and never less than a pip either way.
      const range = Math.max(2, Math.round(open * BOT_SIM.maxStep * 2));
      const close = Math.max(1, open + Math.round((random() - 0.5) * range));
      const high = Math.max(open, close) + Math.round(random() * range * 0.3);
      const low = Math.max(1, Math.min(open, close) - Math.round(random() * range * 0.3));
      candles.push({ time, open: open / PIP, high: high / PIP, low: low / PIP, close: close / PIP });
      if (candles.length > BOT_SIM.maxCandles) candles.shift();
      price = close;
      return { open, close };
    },
  };
}

/** A seed of its own for each symbol, derived from the market's seed (golden-ratio steps apart). */
const symbolSeed = (seed: number, index: number) => (seed + Math.imul(index + 1, 0x9e3779b9)) >>> 0;

export function createBotSimulation(seed: number, startTimeMs: number): BotSimulation {
  const pick = seededRandom(seed);
  const series = new Map(
    BOT_SIM.tokens.map((token, i) => [token, createSeries(symbolSeed(seed, i), BOT_SIM.startPrices[token])] as const),
  );
  const messages: BotMessage[] = [];
  // Each market walks in whole pips, so what a message shows is exactly what the chart draws (no rounding
  // of floats on the way to the 4 decimals shown).
  let time = Math.floor(startTimeMs / 1000);

  const tick = () => {
    const moved = new Map(BOT_SIM.tokens.map((token) => [token, series.get(token)!.next(time)] as const));
    const token = BOT_SIM.tokens[Math.floor(pick() * BOT_SIM.tokens.length)]!;
    const { open, close } = moved.get(token)!;
    const step = close - open;
    messages.unshift({
      time: new Date(time * 1000).toISOString().slice(11, 19),
      token,
      price: formatPips(close),
      // A zero step reads "+0.0000 … 0 pips … Gain", never a signed zero.
      gainLoss: `${step >= 0 ? '+' : '-'}${formatPips(Math.abs(step))}`,
      pips: String(step),
      direction: step >= 0 ? 'Gain' : 'Loss',
    });
    if (messages.length > BOT_SIM.maxMessages) messages.pop();
    time += BOT_SIM.candleIntervalMs / 1000;
  };

  return {
    candles: (token = BOT_SIM.tokens[0]) => series.get(token)!.candles,
    messages: () => messages,
    tick,
    status: (step) => BOT_SIM.statusLines[step % BOT_SIM.statusLines.length]!,
  };
}
