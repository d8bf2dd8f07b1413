import { describe, expect, it } from 'vitest';
import { backgroundReport } from '../../src/modules/admin/background-report.js';

// Past a cost the admin overview becomes a background job whose last result is shown.

/** A report whose computations take `tookMs` on a clock the test moves, and that counts them. */
function counting(tookMs: number) {
  let clock = 0;
  let computed = 0;
  let release: (() => void) | null = null;
  let holding = false;
  const report = backgroundReport(
    async () => {
      computed += 1;
      const n = computed;
      clock += tookMs;
      if (holding) await new Promise<void>((resolve) => (release = resolve));
      return n;
    },
    { maxAgeMs: 60_000, freshBelowMs: 1_000 },
    () => clock,
  );
  return {
    report,
    advance: (ms: number) => (clock += ms),
    computed: () => computed,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      release?.();
    },
  };
}

describe('background report', () => {
  it('computes afresh on every call while it is cheap', async () => {
    const r = counting(5);
    expect((await r.report()).value).toBe(1);
    expect((await r.report()).value).toBe(2);
    expect(r.computed()).toBe(2);
  });

  it('shows the last result once it is expensive, and refreshes it in the background when it is old', async () => {
    const r = counting(5_000);
    const first = await r.report();
    expect(first.value).toBe(1);
    expect(first.takenAt.getTime()).toBe(0);
    // Young enough: the same result, nothing computed.
    r.advance(10_000);
    expect((await r.report()).value).toBe(1);
    expect(r.computed()).toBe(1);
    // Old: the call answers at once with the last result while the next computation runs.
    r.advance(60_000);
    r.hold();
    expect((await r.report()).value).toBe(1);
    expect(r.computed()).toBe(2);
    // Calls during that computation share it and still show the last result.
    expect((await r.report()).value).toBe(1);
    expect(r.computed()).toBe(2);
    r.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await r.report()).value).toBe(2);
  });

  it('keeps the last result when a background computation fails', async () => {
    let clock = 0;
    let fail = false;
    const report = backgroundReport(
      async () => {
        clock += 5_000;
        if (fail) throw new Error('database gone');
        return 'ok';
      },
      { maxAgeMs: 60_000, freshBelowMs: 1_000 },
      () => clock,
    );
    expect((await report()).value).toBe('ok');
    fail = true;
    clock += 120_000;
    expect((await report()).value).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await report()).value).toBe('ok');
  });
});
