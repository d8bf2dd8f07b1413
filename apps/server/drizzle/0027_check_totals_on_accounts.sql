-- Issue #17: the incremental ledger check keeps its verified totals on the account's own row (docs/decisions/0033).
--
-- Migration 0025 kept, per account, the sum and count of the entries the check had verified in a table of its own,
-- ledger_check_totals. A watcher pass credits users nobody has touched for a while; at a million users each
-- credited account's totals row and its index leaf were two more pages out of shared buffers, read and, with the
-- pool full of the pass's own dirty pages, often written out first by the check itself: 96-110 ms of a 125-200 ms
-- check against 8 ms at a thousand users (EXPLAIN (ANALYZE, BUFFERS): read=2,072 written=1,074 for 1,000
-- accounts). The account row is the page the posting has just read and written: the totals now live there.
--
-- The check now locks the accounts a window moved (in the ledger's one lock order, owner then code in byte
-- order, as every posting and the roll-up take them) before it adds to their totals and compares them, so the
-- comparison needs no single-snapshot argument: no posting to those accounts can commit until the check's short
-- transaction ends. A window is 10,000 transaction ids (ledger-check.ts), so a catch-up holds a bounded set of
-- rows for a fraction of a second at a time.
ALTER TABLE "accounts" ADD COLUMN "checked_total" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "checked_count" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- One rewrite of each account the check has verified (at a million users, minutes: run it in a quiet hour).
UPDATE "accounts" a SET "checked_total" = c."total", "checked_count" = c."n"
  FROM "ledger_check_totals" c WHERE c."account_id" = a."id";
--> statement-breakpoint
DROP TABLE "ledger_check_totals";
--> statement-breakpoint
-- What is wrong with an account against its verified totals, as findings (kind, detail): its cached balance and
-- entry count against the entries' sum and count, and, for a user's account, a balance below zero. The one wording
-- of the check's account findings (ledger-check.ts describes them to the admin).
CREATE OR REPLACE FUNCTION ledger_check_account_findings(
  p_balance bigint, p_entry_count bigint, p_entries_total numeric, p_entries_count bigint, p_user boolean
) RETURNS TABLE (kind text, detail text) AS $$
  SELECT x.kind, x.detail FROM (VALUES
    ('balance', p_balance <> p_entries_total, 'cached ' || p_balance || ' ≠ entries ' || p_entries_total),
    ('entry-count', p_entry_count <> p_entries_count,
      p_entry_count || ' entries counted ≠ ' || p_entries_count || ' written'),
    ('negative', p_user AND p_balance < 0, 'negative (' || p_balance || ')')
  ) AS x(kind, bad, detail)
  WHERE x.bad
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- As in migration 0025, with the totals on the account row: checks up to p_limit transaction ids past
-- verified_through once the mark has settled; returns how many ids it took, 0 when there is nothing to take or
-- another process is at it, and o_unsettled when the mark waits for a transaction that was running when it was made.
CREATE OR REPLACE FUNCTION ledger_check_verify(p_limit int, OUT o_taken bigint, OUT o_unsettled boolean) AS $$
DECLARE
  s ledger_check_state;
  v_to bigint;
  v_ids bigint[];
  v_totals bigint[];
  v_counts bigint[];
  v_rows tid[];
  v_moved int;
BEGIN
  o_taken := 0;
  o_unsettled := false;
  SELECT * INTO s FROM ledger_check_state WHERE id = 1 FOR UPDATE SKIP LOCKED;
  IF NOT FOUND OR s.candidate_through <= s.verified_through THEN
    RETURN;
  END IF;
  -- A mark beyond the next xid was made in another cluster (a logical restore, whose rows all committed there):
  -- settled.
  IF pg_snapshot_xmin(pg_current_snapshot()) < s.candidate_xmax
     AND s.candidate_xmax <= pg_snapshot_xmax(pg_current_snapshot()) THEN
    o_unsettled := true;
    RETURN;
  END IF;
  v_to := least(s.candidate_through, s.verified_through + p_limit);
  o_taken := v_to - s.verified_through;

  -- Every transaction sums to zero per asset.
  INSERT INTO ledger_check_findings (kind, subject, detail)
    SELECT 'unbalanced', e.transaction_id || ':' || e.asset, e.asset || ' sums to ' || sum(e.amount)
    FROM ledger_entries e WHERE e.transaction_id > s.verified_through AND e.transaction_id <= v_to
    GROUP BY e.transaction_id, e.asset HAVING sum(e.amount) <> 0
    ON CONFLICT DO NOTHING;
  -- Every transaction has entries, and every deposit credit belongs to its deposit.
  INSERT INTO ledger_check_findings (kind, subject, detail)
    SELECT 'empty', t.id::text, 'no entries' FROM ledger_transactions t
    WHERE t.id > s.verified_through AND t.id <= v_to
      AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)
    ON CONFLICT DO NOTHING;
  INSERT INTO ledger_check_findings (kind, subject, detail)
    SELECT 'deposit-credit', t.id::text, t.idempotency_key || ' is not its deposit''s credit' FROM ledger_transactions t
    WHERE t.id > s.verified_through AND t.id <= v_to AND t.kind = 'deposit'
      AND NOT EXISTS (SELECT 1 FROM deposits d
        WHERE d.chain_id = ledger_check_int(split_part(t.idempotency_key, ':', 2))
          AND d.tx_hash = split_part(t.idempotency_key, ':', 3)
          AND d.log_index = ledger_check_int(split_part(t.idempotency_key, ':', 4))
          AND d.ledger_transaction_id = t.id)
    ON CONFLICT DO NOTHING;

  -- What the window moved, per account.
  SELECT array_agg(w.account_id), array_agg(w.total), array_agg(w.n) INTO v_ids, v_totals, v_counts
    FROM (SELECT e.account_id, sum(e.amount)::bigint AS total, count(*) AS n
          FROM ledger_entries e WHERE e.transaction_id > s.verified_through AND e.transaction_id <= v_to
          GROUP BY e.account_id) w;
  IF v_ids IS NOT NULL THEN
    -- Those accounts, locked in the ledger's order: from here to commit no posting to them can land. Each locked
    -- row's address (ctid) lets the next statement reach it without another index look-up.
    SELECT array_agg(l.ctid) INTO v_rows
      FROM (SELECT a.ctid FROM accounts a WHERE a.id = ANY (v_ids)
            ORDER BY a.owner COLLATE "C", a.code COLLATE "C" FOR UPDATE) l;
    -- Their verified totals move by the window's entries, and each user account is compared with its cache:
    -- every id up to v_to has settled and sits in the verified totals, and what was posted to it after v_to has
    -- committed (the lock waited for it) and is summed here. (The platform's accounts wait for the roll-up,
    -- migration 0024: they are compared at the mark, below.)
    WITH moved AS (
      UPDATE accounts a SET checked_total = a.checked_total + w.total, checked_count = a.checked_count + w.n
        FROM unnest(v_ids, v_totals, v_counts) AS w(id, total, n)
        WHERE a.ctid = ANY (v_rows) AND a.id = w.id
        RETURNING a.id, a.balance, a.entry_count, a.checked_total, a.checked_count, a.allow_negative),
    noted AS (
      INSERT INTO ledger_check_findings (kind, subject, detail)
        SELECT x.kind, a.id::text, x.detail
        FROM moved a
        CROSS JOIN LATERAL (SELECT coalesce(sum(e.amount), 0) AS total, count(*) AS n FROM ledger_entries e
                            WHERE e.account_id = a.id AND e.transaction_id > v_to) later
        CROSS JOIN LATERAL ledger_check_account_findings(a.balance, a.entry_count, a.checked_total + later.total,
          a.checked_count + later.n, true) x
        WHERE NOT a.allow_negative
        ON CONFLICT DO NOTHING)
    SELECT count(*) INTO v_moved FROM moved;
    -- Every account the window moved, reached by its locked row's address: anything else is a bug in this function.
    IF v_moved <> array_length(v_ids, 1) THEN
      RAISE EXCEPTION 'ledger check moved % of % accounts', v_moved, array_length(v_ids, 1);
    END IF;
  END IF;
  -- The platform's accounts, moved by nearly every transaction, once the pass reaches its mark (while catching up
  -- on a long history, what was posted to them after an early window is most of the ledger): their balance as of
  -- now, the roll-up's queue included (platform_accounts), against the same sums.
  IF v_to = s.candidate_through THEN
    INSERT INTO ledger_check_findings (kind, subject, detail)
      SELECT x.kind, a.id::text, x.detail
      FROM platform_accounts a
      JOIN accounts c ON c.id = a.id
      CROSS JOIN LATERAL (SELECT coalesce(sum(e.amount), 0) AS total, count(*) AS n FROM ledger_entries e
                          WHERE e.account_id = a.id AND e.transaction_id > v_to) later
      CROSS JOIN LATERAL ledger_check_account_findings(a.balance, a.entry_count, c.checked_total + later.total,
        c.checked_count + later.n, false) x
      ON CONFLICT DO NOTHING;
  END IF;
  UPDATE ledger_check_state SET verified_through = v_to, checked_at = now() WHERE id = 1;
END;
$$ LANGUAGE plpgsql;
