/**
 * The operator's full ledger audit: `npm run ledger:check` against DATABASE_URL (or the embedded database in
 * ./data). It reads every entry, so on a large ledger it takes minutes: the running servers check the ledger
 * incrementally (modules/ledger/ledger-check.ts) and the admin overview shows that; this is the from-scratch
 * recount to run after a restore, a manual correction or a finding. Exit 1 when an invariant fails.
 */
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
});
try {
  const started = Date.now();
  const report = await checkLedgerInvariants(database.db);
  console.log(JSON.stringify(report, null, 2));
  console.log(`ledger check: ${report.ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
