import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` again `intervalMs` after each pass ends, from `start()` until `stop()` (which waits for a pass in
 * flight): never two passes of one job at once in a process. A failed pass is logged and the next one retries;
 * the timer does not keep the process alive.
 */
export function periodicJob(name: string, intervalMs: number, pass: () => Promise<unknown>, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => log.warn({ err: String(error) }, `${name} failed; the next pass retries`))
        .finally(() => {
          running = null;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
