-- Issue #17, part 4, continued (ADR 0037): the overview's solvency summed every active plan and stake on each
-- pass, and at a million users every user may hold one of each: a pass read both tables in full. Their counts and
-- sums are now kept like the counts of migration 0032, by triggers that insert changes:
--   active_plans, active_plans_invested, active_plans_at_maturity: count, sum(amount), sum(expected_withdrawal);
--   active_stakes, active_stakes_token_ms, active_stakes_credited: count, sum(tokens * term in ms),
--   sum(credited_total).
-- The staking yield still to come is computed from the two stake sums with the configured APY (ADR 0037: the
-- floor is taken once over the sum instead of once per stake, so it can exceed the per-stake sum by under two
-- micro-dollars a stake, on the side of owing more). Token-milliseconds outgrow a bigint: the figures are numeric.
ALTER TABLE "platform_counts" ALTER COLUMN "n" TYPE numeric;
--> statement-breakpoint
ALTER TABLE "platform_count_changes" ALTER COLUMN "delta" TYPE numeric;
--> statement-breakpoint
-- A change is only ever inserted, and deleted with all the others: no key to maintain on an investment's path.
ALTER TABLE "platform_count_changes" DROP COLUMN "id";
--> statement-breakpoint
DROP FUNCTION IF EXISTS platform_counts_read();
--> statement-breakpoint
-- Moves the changes into platform_counts: the platform roll-up's pass does it every second, so the changes stay
-- a few rows whether or not anyone reads the overview. Returns how many changes it moved.
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
CREATE OR REPLACE FUNCTION platform_counts_read() RETURNS TABLE (name text, n numeric) AS $$
  WITH moved AS (
    DELETE FROM platform_count_changes RETURNING platform_count_changes.name, platform_count_changes.delta
  ), compacted AS (
    INSERT INTO platform_counts AS c (name, n)
      SELECT m.name, sum(m.delta) FROM moved m GROUP BY m.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n
  )
  SELECT all_counts.name, sum(all_counts.n)
  FROM (
    SELECT c.name, c.n FROM platform_counts c
    UNION ALL
    SELECT ch.name, ch.delta FROM platform_count_changes ch
  ) all_counts
  GROUP BY all_counts.name
$$ LANGUAGE sql VOLATILE;
--> statement-breakpoint
-- A stake's term in milliseconds, as the solvency has always measured it.
CREATE OR REPLACE FUNCTION stake_term_ms(p_started timestamptz, p_ends timestamptz) RETURNS numeric AS $$
  SELECT round(extract(epoch FROM p_ends - p_started) * 1000)
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Every kept figure counted again from the tables, in one snapshot, with the changes it covers cleared: the
-- migration's start, a seed written with triggers off (bench:scale), or a repair. It reads every table in full.
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
