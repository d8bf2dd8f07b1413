-- Issue #17, part 4: nothing reads a table in full on a request or a pass (ADR 0037). The admin overview did on
-- every computation: its counts (every user by role, every ticket, every deposit for its flag, every rejected
-- transfer) and its solvency (the count and sums of every active plan and stake; at a million users each user may
-- hold one of each). So did two admin screens: the flagged deposits (every deposit, for its flag) and the Outbox
-- (every mail ever queued, sorted by time, to keep the newest 100).
--
-- The counts and sums are kept as they change, by name in platform_counts:
--   users, admins, open_tickets, flagged_deposits (flagged deposits and rejected transfers);
--   active_plans, active_plans_invested, active_plans_at_maturity: count, sum(amount), sum(expected_withdrawal);
--   active_stakes, active_stakes_token_ms, active_stakes_credited: count, sum(tokens * term in ms),
--   sum(credited_total). Token-milliseconds outgrow a bigint: the figures are numeric.
-- A trigger never updates a total (an investment would then wait for another's commit): it inserts the change
-- into platform_count_changes, a table with no index. platform_counts_compact() folds the changes into the
-- totals (the platform roll-up's pass, every second); platform_counts_read() answers totals + changes not folded
-- yet from one snapshot, so exactly. The staking yield still to come is computed from the two stake sums with the
-- configured APY (yieldOfTokenMs in staking/yield.ts).
CREATE TABLE "platform_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"n" numeric NOT NULL
);
--> statement-breakpoint
-- A change is only ever inserted, and deleted with all the others: no key to maintain on an investment's path.
CREATE TABLE "platform_count_changes" (
	"name" text NOT NULL,
	"delta" numeric NOT NULL
);
--> statement-breakpoint
-- What each counted row adds to which count: a user by role, an open ticket, a flagged deposit, any rejected one.
CREATE OR REPLACE FUNCTION platform_count_of_user(p_role text) RETURNS text AS $$
  SELECT CASE p_role WHEN 'admin' THEN 'admins' ELSE 'users' END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Users, tickets and rejected transfers inserted or deleted by one statement: one change a count (a seed of a
-- million users writes one row). Both triggers name their transition table changed_rows; a delete counts down.
CREATE OR REPLACE FUNCTION platform_count_rows() RETURNS trigger AS $$
DECLARE
  v_sign int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    INSERT INTO platform_count_changes (name, delta)
      SELECT platform_count_of_user(role::text), v_sign * count(*) FROM changed_rows GROUP BY 1;
  ELSIF TG_TABLE_NAME = 'tickets' THEN
    INSERT INTO platform_count_changes (name, delta)
      SELECT 'open_tickets', v_sign * count(*) FROM changed_rows WHERE status <> 'closed' HAVING count(*) > 0;
  ELSIF TG_TABLE_NAME = 'rejected_deposits' THEN
    INSERT INTO platform_count_changes (name, delta)
      SELECT 'flagged_deposits', v_sign * count(*) FROM changed_rows HAVING count(*) > 0;
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
-- A stake's term in milliseconds, as the solvency has always measured it.
CREATE OR REPLACE FUNCTION stake_term_ms(p_started timestamptz, p_ends timestamptz) RETURNS numeric AS $$
  SELECT round(extract(epoch FROM p_ends - p_started) * 1000)
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- A plan's or a stake's part in the kept figures: what it adds while active, taken out when it stops being active
-- or changes. Only the net changes are written (a stake's settlement moves credited_total alone: one row).
CREATE OR REPLACE FUNCTION platform_count_plan_or_stake() RETURNS trigger AS $$
DECLARE
  v_old_active boolean := TG_OP <> 'INSERT' AND OLD.status = 'active';
  v_new_active boolean := TG_OP <> 'DELETE' AND NEW.status = 'active';
BEGIN
  IF TG_TABLE_NAME = 'investments' THEN
    INSERT INTO platform_count_changes (name, delta)
    SELECT v.name, v.delta FROM (VALUES
      ('active_plans', (v_new_active::int - v_old_active::int)::numeric),
      ('active_plans_invested', CASE WHEN v_new_active THEN NEW.amount ELSE 0 END
        - CASE WHEN v_old_active THEN OLD.amount ELSE 0 END),
      ('active_plans_at_maturity', CASE WHEN v_new_active THEN NEW.expected_withdrawal ELSE 0 END
        - CASE WHEN v_old_active THEN OLD.expected_withdrawal ELSE 0 END)
    ) AS v(name, delta) WHERE v.delta <> 0;
  ELSE
    INSERT INTO platform_count_changes (name, delta)
    SELECT v.name, v.delta FROM (VALUES
      ('active_stakes', (v_new_active::int - v_old_active::int)::numeric),
      ('active_stakes_token_ms',
        CASE WHEN v_new_active THEN NEW.tokens * stake_term_ms(NEW.started_at, NEW.ends_at) ELSE 0 END
        - CASE WHEN v_old_active THEN OLD.tokens * stake_term_ms(OLD.started_at, OLD.ends_at) ELSE 0 END),
      ('active_stakes_credited', CASE WHEN v_new_active THEN NEW.credited_total ELSE 0 END
        - CASE WHEN v_old_active THEN OLD.credited_total ELSE 0 END)
    ) AS v(name, delta) WHERE v.delta <> 0;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Folds the changes into platform_counts: the platform roll-up's pass does it every second, so the changes stay a
-- few rows whether or not anyone reads the overview. Returns how many changes it folded.
CREATE OR REPLACE FUNCTION platform_counts_compact() RETURNS bigint AS $$
  WITH moved AS (
    DELETE FROM platform_count_changes RETURNING name, delta
  ), compacted AS (
    INSERT INTO platform_counts AS c (name, n)
      SELECT m.name, sum(m.delta) FROM moved m GROUP BY m.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n
  )
  SELECT count(*) FROM moved
$$ LANGUAGE sql VOLATILE;
--> statement-breakpoint
-- The figures now, exactly: folds the changes, then reads totals + any change folded by no one yet, in the second
-- statement's one snapshot. A change folded meanwhile by another reader is in that snapshot either as a change or in
-- its total, never both (a fold commits its DELETE and its upsert together).
CREATE OR REPLACE FUNCTION platform_counts_read() RETURNS TABLE (name text, n numeric) AS $$
  SELECT platform_counts_compact();
  SELECT all_counts.name, sum(all_counts.n)
  FROM (
    SELECT c.name, c.n FROM platform_counts c
    UNION ALL
    SELECT ch.name, ch.delta FROM platform_count_changes ch
  ) all_counts
  GROUP BY all_counts.name
$$ LANGUAGE sql VOLATILE;
--> statement-breakpoint
-- Every kept figure counted again from the tables, in one snapshot, with the changes it covers cleared: the
-- start below, a seed written with triggers off (bench:scale), or a repair. It reads every table in full.
CREATE OR REPLACE FUNCTION platform_counts_recount() RETURNS void AS $$
  WITH cleared AS (
    DELETE FROM platform_count_changes
  ), fresh (name, n) AS (
    SELECT 'users', count(*)::numeric FROM users WHERE role = 'user'
    UNION ALL SELECT 'admins', count(*) FROM users WHERE role = 'admin'
    UNION ALL SELECT 'open_tickets', count(*) FROM tickets WHERE status <> 'closed'
    UNION ALL SELECT 'flagged_deposits', (SELECT count(*) FROM deposits WHERE flag IS NOT NULL)
      + (SELECT count(*) FROM rejected_deposits)
    UNION ALL SELECT 'active_plans', count(*) FROM investments WHERE status = 'active'
    UNION ALL SELECT 'active_plans_invested', coalesce(sum(amount), 0) FROM investments WHERE status = 'active'
    UNION ALL SELECT 'active_plans_at_maturity', coalesce(sum(expected_withdrawal), 0)
      FROM investments WHERE status = 'active'
    UNION ALL SELECT 'active_stakes', count(*) FROM stakes WHERE status = 'active'
    UNION ALL SELECT 'active_stakes_token_ms', coalesce(sum(tokens * stake_term_ms(started_at, ends_at)), 0)
      FROM stakes WHERE status = 'active'
    UNION ALL SELECT 'active_stakes_credited', coalesce(sum(credited_total), 0) FROM stakes WHERE status = 'active'
  )
  INSERT INTO platform_counts (name, n) SELECT name, n FROM fresh
  ON CONFLICT (name) DO UPDATE SET n = excluded.n
$$ LANGUAGE sql VOLATILE;
--> statement-breakpoint
SELECT platform_counts_recount();
--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "users_counted_role" AFTER UPDATE OF "role" ON "users" FOR EACH ROW
  WHEN (platform_count_of_user(OLD.role::text) <> platform_count_of_user(NEW.role::text))
  EXECUTE FUNCTION platform_count_moved();
--> statement-breakpoint
CREATE TRIGGER "tickets_counted_insert" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "tickets_counted_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
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
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_count_rows();
--> statement-breakpoint
CREATE TRIGGER "investments_counted_insert" AFTER INSERT ON "investments" FOR EACH ROW
  WHEN (NEW.status = 'active') EXECUTE FUNCTION platform_count_plan_or_stake();
--> statement-breakpoint
CREATE TRIGGER "investments_counted_update" AFTER UPDATE OF "status", "amount", "expected_withdrawal"
  ON "investments" FOR EACH ROW
  WHEN ((OLD.status = 'active' OR NEW.status = 'active')
    AND (OLD.status, OLD.amount, OLD.expected_withdrawal) IS DISTINCT FROM (NEW.status, NEW.amount, NEW.expected_withdrawal))
  EXECUTE FUNCTION platform_count_plan_or_stake();
--> statement-breakpoint
CREATE TRIGGER "investments_counted_delete" AFTER DELETE ON "investments" FOR EACH ROW
  WHEN (OLD.status = 'active') EXECUTE FUNCTION platform_count_plan_or_stake();
--> statement-breakpoint
CREATE TRIGGER "stakes_counted_insert" AFTER INSERT ON "stakes" FOR EACH ROW
  WHEN (NEW.status = 'active') EXECUTE FUNCTION platform_count_plan_or_stake();
--> statement-breakpoint
CREATE TRIGGER "stakes_counted_update" AFTER UPDATE OF "status", "tokens", "started_at", "ends_at", "credited_total"
  ON "stakes" FOR EACH ROW
  WHEN ((OLD.status = 'active' OR NEW.status = 'active')
    AND (OLD.status, OLD.tokens, OLD.started_at, OLD.ends_at, OLD.credited_total)
      IS DISTINCT FROM (NEW.status, NEW.tokens, NEW.started_at, NEW.ends_at, NEW.credited_total))
  EXECUTE FUNCTION platform_count_plan_or_stake();
--> statement-breakpoint
CREATE TRIGGER "stakes_counted_delete" AFTER DELETE ON "stakes" FOR EACH ROW
  WHEN (OLD.status = 'active') EXECUTE FUNCTION platform_count_plan_or_stake();
--> statement-breakpoint
-- The flagged-deposits screen, newest first, from the flagged deposits only.
CREATE INDEX IF NOT EXISTS "deposits_flagged_idx" ON "deposits" ("seen_at" DESC, "id" DESC) WHERE "flag" IS NOT NULL;
--> statement-breakpoint
-- The Outbox screen's newest 100, read from the index instead of sorting every mail ever queued.
CREATE INDEX IF NOT EXISTS "email_outbox_created_idx" ON "email_outbox" ("created_at" DESC, "id" DESC);
