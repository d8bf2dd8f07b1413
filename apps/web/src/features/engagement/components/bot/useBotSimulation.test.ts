import { act, renderHook } from '@testing-library/react';
import { BOT_SIM } from '@svp/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBotSimulation } from './useBotSimulation';

describe('useBotSimulation', () => {
  afterEach(() => vi.useRealTimers());

  it('stands still off the screen and, back on it, shows what a market that never stopped would show', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    const always = renderHook(() => useBotSimulation(42, true));
    const paused = renderHook(({ running }) => useBotSimulation(42, running), { initialProps: { running: false } });
    const first = paused.result.current.messages[0];
    expect(always.result.current.messages[0]).toEqual(first);

    act(() => vi.advanceTimersByTime(10 * BOT_SIM.candleIntervalMs));
    expect(paused.result.current.messages[0]).toEqual(first); // nothing drawn while unseen
    expect(always.result.current.messages[0]).not.toEqual(first);

    paused.rerender({ running: true });
    expect(paused.result.current.candles).toEqual(always.result.current.candles);
    expect(paused.result.current.messages).toEqual(always.result.current.messages);
    expect(paused.result.current.status).toBe(always.result.current.status);
  });
});
