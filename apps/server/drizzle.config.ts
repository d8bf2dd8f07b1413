import { defineConfig } from 'drizzle-kit';

// Generates forward-only SQL migrations from src/db/schema.ts: `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/tables/*.ts',
  out: './drizzle',
});
