import { describe, expect, it } from 'vitest';
import { BOT_SIM, createBotSimulation, formatPips, movingAverage, pips } from '../src/bot-sim.js';

describe('bot simulation', () => {
  it('is deterministic for a seed', () => {
    const a = createBotSimulation(42, 0);
    const b = createBotSimulation(42, 0);
    for (let i = 0; i < 20; i++) {
      a.tick();
      b.tick();
    }
    expect(a.candles()).toEqual(b.candles());
    expect(a.messages()).toEqual(b.messages());
    const c = createBotSimulation(43, 0);
    c.tick();
    expect(c.candles()[0]).not.toEqual(a.candles()[0]);
  });

  it('adds one candle every 3 s of simulated time and keeps at most 50', () => {
    const sim = createBotSimulation(1, 1_000_000);
    for (let i = 0; i < 60; i++) sim.tick();
    const candles = sim.candles();
    expect(candles).toHaveLength(50);
    for (let i = 1; i < candles.length; i++) expect(candles[i]!.time - candles[i - 1]!.time).toBe(3);
    expect(candles[0]!.time).toBe(1_000 + 10 * 3);
    for (const c of candles) expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
  });

  it('computes a 7-period moving average of the closes', () => {
    const candles = [1, 2, 3, 4, 5, 6, 7, 8].map((close, i) => ({
      time: i,
      open: close,
      high: close,
      low: close,
      close,
    }));
    expect(movingAverage(candles)).toEqual([
      { time: 6, value: 4 },
      { time: 7, value: 5 },
    ]);
    expect(movingAverage(candles.slice(0, 6))).toEqual([]);
  });

  it('keeps the last 10 messages, newest first, with 4-decimal prices and pips = change × 10,000', () => {
    const sim = createBotSimulation(7, 0);
    for (let i = 0; i < 15; i++) sim.tick();
    const messages = sim.messages();
    expect(messages).toHaveLength(BOT_SIM.maxMessages);
    // The newest message is about its own symbol's newest candle.
    const last = sim.candles(messages[0]!.token).at(-1)!;
    expect(messages[0]!.price).toBe(last.close.toFixed(4));
    expect(messages[0]!.pips).toBe(String(pips(last.close - last.open) || 0));
    expect(messages[0]!.direction).toBe(pips(last.close - last.open) >= 0 ? 'Gain' : 'Loss');
    expect(BOT_SIM.tokens).toContain(messages[0]!.token);
    expect(pips(0.0012)).toBe(12);
    expect(pips(-0.00035)).toBe(-4);
  });

  it('never shows a signed zero: gain/loss, pips and direction agree on every message', () => {
    const sim = createBotSimulation(3, 0);
    for (let i = 0; i < 2000; i++) {
      sim.tick();
      const m = sim.messages()[0]!;
      expect(m.gainLoss).not.toBe('-0.0000');
      expect(m.pips).not.toBe('-0');
      expect(Math.round(Number(m.gainLoss) * 10_000)).toBe(Number(m.pips));
      expect(m.direction).toBe(Number(m.pips) >= 0 ? 'Gain' : 'Loss');
    }
  });

  it('formats whole pips as a 4-decimal price', () => {
    expect(formatPips(12345)).toBe('1.2345');
    expect(formatPips(7)).toBe('0.0007');
    expect(formatPips(0)).toBe('0.0000');
    expect(formatPips(-350)).toBe('-0.0350');
    expect(formatPips(1_000_000)).toBe('100.0000');
  });

  it('draws candles on whole pips, so the chart shows exactly what the messages say', () => {
    const sim = createBotSimulation(11, 0);
    for (let i = 0; i < 200; i++) sim.tick();
    for (const c of BOT_SIM.tokens.flatMap((token) => sim.candles(token))) {
      for (const v of [c.open, c.high, c.low, c.close]) {
        expect(v).toBeGreaterThan(0);
        expect(Math.abs(v * 10_000 - Math.round(v * 10_000))).toBeLessThan(1e-6);
      }
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    }
  });

  it('gives each symbol its own series at a plausible level of its own', () => {
    const sim = createBotSimulation(5, 0);
    for (let i = 0; i < 300; i++) sim.tick();
    const closes = BOT_SIM.tokens.map((token) => sim.candles(token).at(-1)!.close);
    // Five different prices, each still near where its symbol started (a walk of ±0.2 % a candle).
    expect(new Set(closes).size).toBe(BOT_SIM.tokens.length);
    BOT_SIM.tokens.forEach((token, i) => {
      const start = BOT_SIM.startPrices[token];
      expect(closes[i]).toBeGreaterThan(start * 0.7);
      expect(closes[i]).toBeLessThan(start * 1.3);
      expect(sim.candles(token)).toHaveLength(BOT_SIM.maxCandles);
    });
    expect(sim.candles('BTCUSD').at(-1)!.close).toBeGreaterThan(10_000);
    expect(sim.candles('DOGEUSD').at(-1)!.close).toBeLessThan(1);
    // Every message's price is its own symbol's close at that time, never one shared series.
    const tokensSeen = new Set<string>();
    const replay = createBotSimulation(5, 0);
    for (let i = 0; i < 300; i++) {
      replay.tick();
      const m = replay.messages()[0]!;
      tokensSeen.add(m.token);
      expect(m.price).toBe(formatPips(Math.round(replay.candles(m.token).at(-1)!.close * 10_000)));
    }
    expect(tokensSeen.size).toBe(BOT_SIM.tokens.length);
  });

  it('rotates the status line', () => {
    const sim = createBotSimulation(1, 0);
    expect(sim.status(0)).not.toBe(sim.status(1));
    expect(sim.status(BOT_SIM.statusLines.length)).toBe(sim.status(0));
  });
});
