/**
 * A report that is answered fresh while it is cheap and from its last result once it is not (the
 * admin overview brings the ledger check up to date first, and after a burst of postings that catch-up is longer
 * than a request should wait).
 *
 * While computing it took less than `freshBelowMs`, every call computes it again (a small platform, and the
 * tests, always see the present). Once it took longer, a call answers with the last result and, when that is
 * older than `maxAgeMs`, starts the next computation without waiting for it: the report becomes a background
 * job whose last result is shown, with the time it was taken. One computation runs at a time; a failed one in
 * the background keeps the last result, and the next call tries again.
 */
export interface Taken<T> {
  value: T;
  /** When the computation that produced `value` started. */
  takenAt: Date;
}

export function backgroundReport<T>(
  compute: () => Promise<T>,
  options: { maxAgeMs: number; freshBelowMs: number },
  now: () => number = Date.now,
): () => Promise<Taken<T>> {
  let last: (Taken<T> & { tookMs: number }) | null = null;
  let running: Promise<Taken<T>> | null = null;

  const run = (): Promise<Taken<T>> =>
    (running ??= (async () => {
      const started = now();
      const value = await compute();
      last = { value, takenAt: new Date(started), tookMs: now() - started };
      return last;
    })().finally(() => {
      running = null;
    }));

  return async () => {
    if (!last || last.tookMs < options.freshBelowMs) return run();
    if (now() - last.takenAt.getTime() >= options.maxAgeMs) run().catch(() => undefined);
    return last;
  };
}
