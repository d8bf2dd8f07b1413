/**
 * The one source of server time (DESIGN D11). Tests and the test-clock endpoint move it forward;
 * nothing on the server calls `new Date()` for business time.
 */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
  reset(): void;
  offsetMs(): number;
}

export function createClock(base: () => number = Date.now): Clock {
  let offset = 0;
  return {
    now: () => new Date(base() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
    offsetMs: () => offset,
  };
}
