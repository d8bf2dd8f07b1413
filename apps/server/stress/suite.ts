import { parseOptions, type Options } from './options.js';
import { printReport, saveRecords, type ReportInput } from './report.js';
import { startHarness, type Harness } from './run.js';

/** What a suite hands back for the report; the seed, the whole run's time and the saved records are added. */
export type SuiteOutcome = Omit<ReportInput, 'seed' | 'totalMs'>;

/**
 * The frame of a stress command: parses its flags, prints its heading, starts the app processes on a fresh
 * database, runs `suite`, prints the report (with the path of every op saved as JSON lines; empty notes are
 * left out), stops the processes and drops the database, then exits: 0 without a violation, 1 with any,
 * 2 when the run itself failed.
 */
export function runSuite(
  command: { name: string; mode: 'stress' | 'crash'; heading: (options: Options) => string },
  suite: (harness: Harness, options: Options) => Promise<SuiteOutcome>,
): void {
  const main = async (): Promise<number> => {
    const options = parseOptions(process.argv.slice(2), command.mode);
    const started = Date.now();
    console.log(command.heading(options));
    const harness = await startHarness(options);
    try {
      const outcome = await suite(harness, options);
      const totalMs = Date.now() - started;
      return printReport({
        ...outcome,
        seed: options.seed,
        totalMs,
        notes: [
          `every request and answer: ${saveRecords(harness.databaseName, outcome.records)}`,
          ...outcome.notes,
        ].filter(Boolean),
      });
    } finally {
      await harness.stop();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`${command.name} run failed:`, error);
      process.exit(2);
    },
  );
}
