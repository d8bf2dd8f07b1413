-- Issue #17: the platform accounts' commit-time move reads its accounts by key (docs/decisions/0029).
--
-- ledger_apply_pending (migrations 0007, 0011) joined the pending postings' entries to `accounts` filtered on
-- allow_negative. PL/pgSQL keeps a generic plan for it after a few calls, and that plan, expecting thousands of
-- entries for an array it cannot see, hashed the whole accounts table: 22 ms per commit with 200,000 accounts in
-- `npm run bench:profile -- withdraw` (PostgreSQL's own function statistics: 5.7 ms a call on average), a read
-- of every account on every withdrawal request, sale or other deferred posting, growing with the users. Each
-- account is now looked up by its primary key (a LATERAL subquery that OFFSET 0 keeps from being flattened into
-- a join), whatever plan is cached; the rest is unchanged.
CREATE OR REPLACE FUNCTION ledger_apply_pending() RETURNS trigger AS $$
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
$$ LANGUAGE plpgsql;
