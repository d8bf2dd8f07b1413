import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

// `npm run db:migrate`: applies migrations without starting the server (the server also applies them at start).
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await runMigrations(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
