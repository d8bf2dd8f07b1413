-- Last defined by a numbered migration, drizzle/0024_platform_roll_up.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_roll_up_platform(p_limit integer, OUT o_transactions integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
  v_ids bigint[];
BEGIN
  WITH taken AS (
    DELETE FROM ledger_platform_unrolled q
    WHERE q.transaction_id IN (SELECT u.transaction_id FROM ledger_platform_unrolled u
                               ORDER BY u.transaction_id LIMIT p_limit FOR UPDATE SKIP LOCKED)
    RETURNING q.transaction_id)
  SELECT array_agg(transaction_id) INTO v_ids FROM taken;
  o_transactions := coalesce(array_length(v_ids, 1), 0);
  IF o_transactions = 0 THEN
    RETURN;
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
END;
$function$;
