-- Behind a transaction pooler (PgBouncer) connections carry no startup options, so the app's per-connection
-- jit=off (src/db/client.ts) becomes the role's setting in this database. A role may set its own defaults; where
-- the server refuses (a managed service's restrictions), the notice says so and jit stays as the server sets it.
DO $$
BEGIN
  EXECUTE format('ALTER ROLE %I IN DATABASE %I SET jit = off', current_user, current_database());
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'jit is not set for role % in this database: %', current_user, SQLERRM;
END $$;
