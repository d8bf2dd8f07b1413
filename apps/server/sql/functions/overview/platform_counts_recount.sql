-- Last defined by a numbered migration, drizzle/0032_overview_counts.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.platform_counts_recount()
 RETURNS void
 LANGUAGE sql
AS $function$
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
$function$;
