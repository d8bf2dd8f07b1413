import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, settingsWarnings } from '../../src/db/settings-check.js';
import { createTestDatabase } from '../helpers.js';

describe('PostgreSQL settings checked at start', () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
  });
  afterAll(() => test.drop());

  it('warns when autovacuum or the statistics it needs are off, and not when both are on', () => {
    expect(settingsWarnings({ autovacuum: 'on', track_counts: 'on' })).toEqual([]);
    for (const settings of [{ autovacuum: 'off', track_counts: 'on' }, { autovacuum: 'on', track_counts: 'off' }, {}]) {
      const warnings = settingsWarnings(settings);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/autovacuum is off/);
    }
  });

  it('reads both settings from the server', async () => {
    const settings = await readSettings(test.database.db);
    expect(Object.keys(settings).sort()).toEqual(['autovacuum', 'track_counts']);
    for (const value of Object.values(settings)) expect(['on', 'off']).toContain(value);
  });
});
