import { BOT_SIM, createBotSimulation, type BotMessage, type Candle } from '@svp/shared';
import { useEffect, useState } from 'react';

/** Candles drawn before the first tick, so the chart and its moving average are never empty. */
const WARM_UP = 10;

export interface BotSimulationView {
  candles: readonly Candle[];
  messages: readonly BotMessage[];
  status: string;
}

/**
 * Runs the shared seeded market simulation (DESIGN D9): a new candle every 3 s (at most 50 kept) and a
 * status line that changes every 4 s. Display numbers only, never money.
 */
export function useBotSimulation(seed: number): BotSimulationView {
  const [sim] = useState(() => {
    const created = createBotSimulation(seed, Date.now() - WARM_UP * BOT_SIM.candleIntervalMs);
    for (let i = 0; i < WARM_UP; i++) created.tick();
    return created;
  });
  const [view, setView] = useState(() => ({ candles: [...sim.candles()], messages: [...sim.messages()] }));
  const [step, setStep] = useState(0);

  useEffect(() => {
    const candleTimer = setInterval(() => {
      sim.tick();
      setView({ candles: [...sim.candles()], messages: [...sim.messages()] });
    }, BOT_SIM.candleIntervalMs);
    const statusTimer = setInterval(() => setStep((s) => s + 1), BOT_SIM.statusIntervalMs);
    return () => {
      clearInterval(candleTimer);
      clearInterval(statusTimer);
    };
  }, [sim]);

  return { ...view, status: sim.status(step) };
}
