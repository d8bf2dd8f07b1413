-- Last defined by a numbered migration, drizzle/0030_ledger_check_no_key_lock.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_check_verify(p_limit integer, OUT o_taken bigint, OUT o_unsettled boolean)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
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
  PERFORM ledger_check_deposit_findings(s.verified_through, v_to);

  -- What the window moved, per account.
  SELECT array_agg(w.account_id), array_agg(w.total), array_agg(w.n) INTO v_ids, v_totals, v_counts
    FROM (SELECT e.account_id, sum(e.amount)::bigint AS total, count(*) AS n
          FROM ledger_entries e WHERE e.transaction_id > s.verified_through AND e.transaction_id <= v_to
          GROUP BY e.account_id) w;
  IF v_ids IS NOT NULL THEN
    -- Those accounts, locked in the ledger's order: from here to commit no posting can move a user's account (its
    -- guarded update takes the same lock). FOR NO KEY UPDATE, not FOR UPDATE: a posting's entry only takes KEY
    -- SHARE on its account (the foreign key), so entries keep landing on the platform's accounts, which no posting
    -- moves (the roll-up does, under this same lock). Each locked row's address (ctid) lets the next statement
    -- reach it without another index look-up.
    SELECT array_agg(l.ctid) INTO v_rows
      FROM (SELECT a.ctid FROM accounts a WHERE a.id = ANY (v_ids)
            ORDER BY a.owner COLLATE "C", a.code COLLATE "C" FOR NO KEY UPDATE) l;
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
$function$;
