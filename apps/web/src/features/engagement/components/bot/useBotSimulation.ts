import { BOT_SIM, createBotSimulation, type BotMessage, type BotToken, type Candle } from '@svp/shared';
import { useEffect, useState } from 'react';

/** Candles drawn before the first tick, so the chart and its moving average are never empty. */
const WARM_UP = 10;

export interface BotSimulationView {
  /** Each symbol's own candles (every symbol walks on its own, at its own price level). */
  candles: Readonly<Record<BotToken, readonly Candle[]>>;
  messages: readonly BotMessage[];
  status: string;
}

/**
 * Runs the shared seeded market simulation (DESIGN D9): a new candle every 3 s (at most 50 kept) and a
 * status line that changes every 4 s. Display numbers only, never money. While `running` is false (the box is
 * off the screen) nothing is drawn; on its return the market catches up at once to where the clock says it
 * is, so what shows is the same as if it had run all along, and a phone spends nothing on an unseen chart.
 */
export function useBotSimulation(seed: number, running = true): BotSimulationView {
  const [sim] = useState(() => {
    const startedAt = Date.now() - WARM_UP * BOT_SIM.candleIntervalMs;
    const created = createBotSimulation(seed, startedAt);
    let ticks = 0;
    /** Ticks until the candle due now has been drawn; true when anything changed. */
    const catchUp = () => {
      const due = Math.floor((Date.now() - startedAt) / BOT_SIM.candleIntervalMs);
      if (due <= ticks) return false;
      for (; ticks < due; ticks++) created.tick();
      return true;
    };
    catchUp();
    return { created, startedAt, catchUp };
  });
  const view = () => ({
    candles: Object.fromEntries(BOT_SIM.tokens.map((token) => [token, [...sim.created.candles(token)]])) as Record<
      BotToken,
      Candle[]
    >,
    messages: [...sim.created.messages()],
  });
  const [shown, setShown] = useState(view);
  const statusStep = () => Math.floor((Date.now() - sim.startedAt) / BOT_SIM.statusIntervalMs);
  const [step, setStep] = useState(statusStep);

  useEffect(() => {
    if (!running) return;
    const update = () => {
      if (sim.catchUp()) setShown(view());
      setStep(statusStep());
    };
    update();
    const candleTimer = setInterval(update, BOT_SIM.candleIntervalMs);
    const statusTimer = setInterval(() => setStep(statusStep()), BOT_SIM.statusIntervalMs);
    return () => {
      clearInterval(candleTimer);
      clearInterval(statusTimer);
    };
    // view and statusStep only read `sim`, which never changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sim, running]);

  return { ...shown, status: sim.created.status(step) };
}
