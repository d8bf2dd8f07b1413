import type { Tx } from '../../src/db/transaction.js';
import { usersRepository } from '../../src/modules/users/users.repository.js';
import { Client, type Response, type TestApp } from '../helpers.js';

/**
 * Check-then-write races outside the ledger. They are real only on PostgreSQL (`npm run test:pg`); PGlite
 * serialises every statement, so there the same tests check the rules without the concurrency.
 */
export function raceKit(app: () => TestApp) {
  let ipCounter = 0;
  const nextIp = () => {
    ipCounter += 1;
    return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };
  return {
    ROUNDS: 5,
    nextIp,
    client: () => new Client(app().app, nextIp()),
    sleep: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
    sorted: (responses: Response[]) => responses.map((r) => r.status).sort(),

    /**
     * PostgreSQL only: holds the user's row lock, as an in-flight admin edit or code request does, while
     * `during` runs; `beforeCommit` then changes what the holder changes. Shows what waits for that lock.
     */
    async whileUserRowLocked(userId: string, during: () => Promise<void>, beforeCommit?: (tx: Tx) => Promise<void>) {
      let release!: () => void;
      let locked!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const taken = new Promise<void>((resolve) => (locked = resolve));
      const holder = app().database.db.transaction(async (tx) => {
        await usersRepository.lockById(tx, userId);
        locked();
        await gate;
        await beforeCommit?.(tx);
      });
      await taken;
      try {
        await during();
      } finally {
        release();
      }
      await holder;
    },
  };
}
