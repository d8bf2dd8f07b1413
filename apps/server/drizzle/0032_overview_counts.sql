-- Issue #17, part 4: nothing reads a table in full on a request or a pass. Three admin reads still did
-- (ADR 0037): the overview's counts (every user by role, every ticket, every deposit for its flag, every rejected
-- transfer), the flagged-deposits screen (every deposit, for its flag) and the Outbox screen (the whole outbox,
-- sorted by time, to keep the newest 100).
--
-- The counts are kept as they change. A trigger never updates a shared counter row (a registration or a flagged
-- credit would then wait for another's commit): it inserts the change into platform_count_changes, and a reader
-- adds the compacted figures of platform_counts to the changes not compacted yet, in one snapshot, so exactly.
-- platform_counts_read() compacts and reads in one statement: the DELETE ... RETURNING and the upsert see the
-- same snapshot as the sum, which counts each change once (moved or not: the snapshot is taken before either).
CREATE TABLE "platform_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_count_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "platform_counts" ("name", "n")
SELECT 'users', count(*) FROM users WHERE role = 'user'
UNION ALL SELECT 'admins', count(*) FROM users WHERE role = 'admin'
UNION ALL SELECT 'open_tickets', count(*) FROM tickets WHERE status <> 'closed'
UNION ALL SELECT 'flagged_deposits', (SELECT count(*) FROM deposits WHERE flag IS NOT NULL)
  + (SELECT count(*) FROM rejected_deposits);
--> statement-breakpoint
-- What each counted row adds to which count: a user by role, an open ticket, a flagged deposit, any rejected one.
CREATE OR REPLACE FUNCTION platform_count_of_user(p_role text) RETURNS text AS $$
  SELECT CASE p_role WHEN 'admin' THEN 'admins' ELSE 'users' END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Users, tickets and rejected transfers inserted or deleted by one statement: one change a count (a seed of a
-- million users writes one row).
CREATE OR REPLACE FUNCTION platform_count_rows() RETURNS trigger AS $$
DECLARE
  v_sign int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO platform_count_changes (name, delta)
        SELECT platform_count_of_user(role::text), count(*) FROM changed_rows GROUP BY 1;
    ELSE
      INSERT INTO platform_count_changes (name, delta)
        SELECT platform_count_of_user(role::text), -count(*) FROM gone_rows GROUP BY 1;
    END IF;
  ELSIF TG_TABLE_NAME = 'tickets' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO platform_count_changes (name, delta)
        SELECT 'open_tickets', count(*) FROM changed_rows WHERE status <> 'closed' HAVING count(*) > 0;
    ELSE
      INSERT INTO platform_count_changes (name, delta)
        SELECT 'open_tickets', -count(*) FROM gone_rows WHERE status <> 'closed' HAVING count(*) > 0;
    END IF;
  ELSIF TG_TABLE_NAME = 'rejected_deposits' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO platform_count_changes (name, delta)
        SELECT 'flagged_deposits', count(*) FROM changed_rows HAVING count(*) > 0;
    ELSE
      INSERT INTO platform_count_changes (name, delta)
        SELECT 'flagged_deposits', -count(*) FROM gone_rows HAVING count(*) > 0;
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A counted row whose class changed (a role, a ticket closed or reopened, a flag set or cleared): row by row, and
-- only for updates of that column where the class moved, so an ordinary update of these tables pays nothing. A
-- deposit is counted row by row on insert too, and only when flagged: a credit inserts one deposit a statement on
-- the watcher's hot path, where a statement trigger's transition table would cost every credit.
CREATE OR REPLACE FUNCTION platform_count_moved() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    INSERT INTO platform_count_changes (name, delta)
      VALUES (platform_count_of_user(OLD.role::text), -1), (platform_count_of_user(NEW.role::text), 1);
  ELSIF TG_TABLE_NAME = 'tickets' THEN
    INSERT INTO platform_count_changes (name, delta)
      VALUES ('open_tickets', CASE WHEN NEW.status <> 'closed' THEN 1 ELSE -1 END);
  ELSIF TG_TABLE_NAME = 'deposits' THEN
    INSERT INTO platform_count_changes (name, delta)
      VALUES ('flagged_deposits', CASE WHEN TG_OP = 'DELETE' OR NEW.flag IS NULL THEN -1 ELSE 1 END);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "users_counted_role" AFTER UPDATE OF "role" ON "users" FOR EACH ROW
  WHEN (platform_count_of_user(OLD.role::text) <> platform_count_of_user(NEW.role::text))
  EXECUTE FUNCTION platform_count_moved();
--> statement-breakpoint
CREATE TRIGGER "tickets_counted_insert" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "tickets_counted_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "tickets_counted_status" AFTER UPDATE OF "status" ON "tickets" FOR EACH ROW
  WHEN ((OLD.status <> 'closed') <> (NEW.status <> 'closed'))
  EXECUTE FUNCTION platform_count_moved();
--> statement-breakpoint
CREATE TRIGGER "deposits_counted_insert" AFTER INSERT ON "deposits" FOR EACH ROW
  WHEN (NEW.flag IS NOT NULL) EXECUTE FUNCTION platform_count_moved();
--> statement-breakpoint
CREATE TRIGGER "deposits_counted_delete" AFTER DELETE ON "deposits" FOR EACH ROW
  WHEN (OLD.flag IS NOT NULL) EXECUTE FUNCTION platform_count_moved();
--> statement-breakpoint
CREATE TRIGGER "deposits_counted_flag" AFTER UPDATE OF "flag" ON "deposits" FOR EACH ROW
  WHEN ((OLD.flag IS NULL) <> (NEW.flag IS NULL))
  EXECUTE FUNCTION platform_count_moved();
--> statement-breakpoint
CREATE TRIGGER "rejected_deposits_counted_insert" AFTER INSERT ON "rejected_deposits"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "rejected_deposits_counted_delete" AFTER DELETE ON "rejected_deposits"
  REFERENCING OLD TABLE AS gone_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
-- The counts now, exactly: compacts the changes into platform_counts and answers compacted + pending from the
-- statement's one snapshot. Two readers at once: a change one of them moved is skipped by the other's DELETE
-- (already gone when its lock is granted), and each answers from its own snapshot, where it is counted once.
CREATE OR REPLACE FUNCTION platform_counts_read() RETURNS TABLE (name text, n bigint) AS $$
  WITH moved AS (
    DELETE FROM platform_count_changes RETURNING platform_count_changes.name, platform_count_changes.delta
  ), compacted AS (
    INSERT INTO platform_counts AS c (name, n)
      SELECT m.name, sum(m.delta) FROM moved m GROUP BY m.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n
  )
  SELECT all_counts.name, sum(all_counts.n)::bigint
  FROM (
    SELECT c.name, c.n FROM platform_counts c
    UNION ALL
    SELECT ch.name, ch.delta FROM platform_count_changes ch
  ) all_counts
  GROUP BY all_counts.name
$$ LANGUAGE sql VOLATILE;
--> statement-breakpoint
-- The flagged-deposits screen, newest first, from the flagged deposits only.
CREATE INDEX IF NOT EXISTS "deposits_flagged_idx" ON "deposits" ("seen_at" DESC, "id" DESC) WHERE "flag" IS NOT NULL;
--> statement-breakpoint
-- The Outbox screen's newest 100, read from the index instead of sorting every mail ever queued.
CREATE INDEX IF NOT EXISTS "email_outbox_created_idx" ON "email_outbox" ("created_at" DESC, "id" DESC);
