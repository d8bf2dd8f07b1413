-- Last defined by a numbered migration, drizzle/0027_check_totals_on_accounts.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_check_account_findings(p_balance bigint, p_entry_count bigint, p_entries_total numeric, p_entries_count bigint, p_user boolean)
 RETURNS TABLE(kind text, detail text)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT x.kind, x.detail FROM (VALUES
    ('balance', p_balance <> p_entries_total, 'cached ' || p_balance || ' ≠ entries ' || p_entries_total),
    ('entry-count', p_entry_count <> p_entries_count,
      p_entry_count || ' entries counted ≠ ' || p_entries_count || ' written'),
    ('negative', p_user AND p_balance < 0, 'negative (' || p_balance || ')')
  ) AS x(kind, bad, detail)
  WHERE x.bad
$function$;
