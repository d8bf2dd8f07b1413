-- Last defined by a numbered migration, drizzle/0023_platform_moves_by_key.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_apply_pending()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
  v_ids bigint[];
BEGIN
  -- The first firing at commit moves everything pending (later firings find nothing left).
  WITH taken AS (DELETE FROM pg_temp.ledger_pending_platform RETURNING transaction_id)
  SELECT array_agg(transaction_id) INTO v_ids FROM taken;
  IF v_ids IS NULL THEN
    RETURN NULL;
  END IF;
  FOR r IN
    SELECT x.account_id, x.delta, x.n
    FROM (SELECT e.account_id, sum(e.amount)::bigint AS delta, count(*) AS n
          FROM ledger_entries e WHERE e.transaction_id = ANY (v_ids) GROUP BY e.account_id) x
    CROSS JOIN LATERAL (SELECT a.owner, a.code FROM accounts a
                        WHERE a.id = x.account_id AND a.allow_negative OFFSET 0) a
    ORDER BY a.owner COLLATE "C", a.code COLLATE "C"
  LOOP
    UPDATE accounts SET balance = balance + r.delta, entry_count = entry_count + r.n WHERE id = r.account_id;
  END LOOP;
  RETURN NULL;
END;
$function$;
