import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, USD_UNIT } from '@svp/shared';
import { createSimulatedChain } from '../../src/chain/simulated.js';
import type { Db } from '../../src/db/client.js';
import { buildTestApp, onPostgres, signedInUser, type TestApp } from '../helpers.js';

// The simulated chain numbers its blocks in the order they become visible, as a real chain does: the watcher
// moves its cursor to the head it reads, so a block numbered below the head but not yet committed would be
// passed over for good (a CI stress run lost a test payment so).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function payee() {
  const user = await signedInUser(t.app);
  const address = await t.app.services.deposits.addressFor(user.user.id);
  const balance = async () => (await user.client.get(API.me)).body.user.balance as string;
  return { address, balance };
}

it('credits a payment still being written when a later one is mined and scanned', async () => {
  const [early, late] = [await payee(), await payee()];
  const chain = t.app.services.simulated!;
  await t.app.services.watcher.runOnce();
  if (onPostgres) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    // The early payment, mined inside a transaction held open: written, not yet committed.
    const earlyPayment = t.database.db.transaction(async (tx) => {
      await createSimulatedChain(tx as unknown as Db, t.clock).pay(early.address, 20n * USD_UNIT);
      written();
      await released;
    });
    await isWritten;
    const latePayment = chain.pay(late.address, 30n * USD_UNIT);
    await new Promise((resolve) => setTimeout(resolve, 200)); // time for the late payment to be mined, were it free
    await t.app.services.watcher.runOnce(); // a scan while the early payment is in flight
    release();
    await earlyPayment;
    await latePayment;
  } else {
    // PGlite has one connection: nothing is ever in flight beside a scan; the order alone is checked.
    await chain.pay(early.address, 20n * USD_UNIT);
    await chain.pay(late.address, 30n * USD_UNIT);
  }
  await t.app.services.watcher.runOnce();
  // 20 − 3 and 30 − 3 (the deposit fee).
  expect(await early.balance()).toBe('17');
  expect(await late.balance()).toBe('27');
});
