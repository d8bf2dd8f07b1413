-- Issue #17: the ledger's invariant check, incremental (docs/decisions/0031).
--
-- The full check (modules/ledger/invariants.ts) sums every entry: 26 s at a million users and ten million
-- entries, 240 × its cost at a thousand. This check verifies each posting once, when it is settled, and keeps
-- per account the sum and count of the entries it has verified. A pass costs what was posted since the last one,
-- whatever the size of the ledger.
--
-- Settled: a pass may only take transaction ids that no running transaction can still commit. Ids come from a
-- sequence, handed out before commit and out of commit order, so "the highest id seen" is no boundary. The
-- boundary is taken in two steps:
--   * mark: read the sequence's last value L, then take a snapshot and keep its xmax X. Every transaction that
--     holds an id <= L had its transaction id (xid) before it took that id (the column default below assigns the
--     xid first), so before L was read, so its xid is below X;
--   * verify: once the oldest running xid is >= X, every transaction below X has ended, so every id <= L is
--     committed or never will be. Only then are the ids up to L checked.
-- A mark is verified by the next step that finds it ready, usually the same pass a moment later.

-- The xid before the id: pg_current_xact_id() assigns the transaction's id if it has none; CASE evaluates it first.
ALTER TABLE "ledger_transactions" ALTER COLUMN "id"
  SET DEFAULT CASE WHEN pg_current_xact_id() IS NOT NULL THEN nextval('ledger_transactions_id_seq'::regclass) END;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_check_state" (
  "id" int PRIMARY KEY CHECK ("id" = 1),
  -- Every transaction with an id up to here has been checked.
  "verified_through" bigint NOT NULL DEFAULT 0,
  -- The last mark: ids up to candidate_through may be checked once the oldest running xid reaches candidate_xmax.
  "candidate_through" bigint NOT NULL DEFAULT 0,
  "candidate_xmax" xid8,
  "checked_at" timestamptz
);
--> statement-breakpoint
INSERT INTO "ledger_check_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Per account, the sum and count of its entries in verified transactions.
CREATE TABLE IF NOT EXISTS "ledger_check_totals" (
  "account_id" bigint PRIMARY KEY,
  "total" bigint NOT NULL,
  "n" bigint NOT NULL
);
--> statement-breakpoint
-- What a pass found. A finding stays until an operator has dealt with it (docs/operations.md); the same problem
-- is recorded once.
CREATE TABLE IF NOT EXISTS "ledger_check_findings" (
  "kind" text NOT NULL,
  "subject" text NOT NULL,
  "detail" text NOT NULL,
  "found_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("kind", "subject")
);
--> statement-breakpoint
-- A key's number, or NULL when it is none (a malformed key is a finding, never an error that stops the check).
CREATE OR REPLACE FUNCTION ledger_check_int(p text) RETURNS int AS $$
  SELECT CASE WHEN p ~ '^[0-9]{1,9}$' THEN p::int END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Marks the ids handed out so far for checking, unless the last mark is still unchecked. Returns the mark.
CREATE OR REPLACE FUNCTION ledger_check_mark(OUT o_candidate bigint) AS $$
DECLARE
  s ledger_check_state;
  v_last bigint;
BEGIN
  SELECT * INTO s FROM ledger_check_state WHERE id = 1 FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN; -- another process is marking or verifying
  END IF;
  o_candidate := s.candidate_through;
  IF s.candidate_through > s.verified_through THEN
    RETURN;
  END IF;
  SELECT CASE WHEN q.is_called THEN q.last_value ELSE 0 END INTO v_last FROM ledger_transactions_id_seq q;
  IF v_last <= s.verified_through THEN
    RETURN;
  END IF;
  -- A statement after the read of the sequence, so its own snapshot: every id-holder's xid is below its xmax.
  UPDATE ledger_check_state SET candidate_through = v_last, candidate_xmax = pg_snapshot_xmax(pg_current_snapshot())
    WHERE id = 1;
  o_candidate := v_last;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Checks up to p_limit transaction ids past verified_through, when the mark is settled; returns how many ids it
-- took, 0 when there is nothing to take or another process is at it, and o_unsettled when the mark waits for
-- a transaction that was running when it was made. It compares every user account the window moved with its
-- verified totals, and the platform's accounts when it reaches the mark.
CREATE OR REPLACE FUNCTION ledger_check_verify(p_limit int, OUT o_taken bigint, OUT o_unsettled boolean) AS $$
DECLARE
  s ledger_check_state;
  v_to bigint;
  v_moved bigint[];
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
  -- The verified totals move by the window's entries.
  WITH moved AS (
    INSERT INTO ledger_check_totals AS c (account_id, total, n)
      SELECT e.account_id, sum(e.amount), count(*)
      FROM ledger_entries e WHERE e.transaction_id > s.verified_through AND e.transaction_id <= v_to
      GROUP BY e.account_id
      ON CONFLICT (account_id) DO UPDATE SET total = c.total + excluded.total, n = c.n + excluded.n
      RETURNING c.account_id)
  SELECT array_agg(account_id) INTO v_moved FROM moved;
  -- Every id up to v_to has settled, so each user account the window moved is compared with its cache now, in one
  -- snapshot: the cache holds the verified entries and those posted after v_to. (Only the platform's accounts wait
  -- for the roll-up, migration 0024: a user's cache moves in its posting.)
  INSERT INTO ledger_check_findings (kind, subject, detail)
    SELECT x.kind, a.id::text, x.detail
    -- Each row by its key (LATERAL, OFFSET 0): a hash join would read every account's totals.
    FROM unnest(v_moved) AS m(account_id)
    CROSS JOIN LATERAL (SELECT a.* FROM accounts a WHERE a.id = m.account_id AND NOT a.allow_negative OFFSET 0) a
    CROSS JOIN LATERAL (SELECT c.total, c.n FROM ledger_check_totals c WHERE c.account_id = m.account_id OFFSET 0) c
    CROSS JOIN LATERAL (SELECT coalesce(sum(e.amount), 0) AS total, count(*) AS n FROM ledger_entries e
                        WHERE e.account_id = m.account_id AND e.transaction_id > v_to) later
    CROSS JOIN LATERAL (VALUES
      ('balance', a.balance <> c.total + later.total, 'cached ' || a.balance || ' ≠ entries ' || (c.total + later.total)),
      ('entry-count', a.entry_count <> c.n + later.n,
        a.entry_count || ' entries counted ≠ ' || (c.n + later.n) || ' written'),
      ('negative', a.balance < 0, 'negative (' || a.balance || ')')
    ) AS x(kind, bad, detail)
    WHERE x.bad
    ON CONFLICT DO NOTHING;
  -- The platform's accounts, moved by nearly every transaction, once the pass reaches its mark (while catching up
  -- on a long history, what was posted to them after an early window is most of the ledger): their balance as of
  -- now, the roll-up's queue included (platform_accounts), against the same sums.
  IF v_to = s.candidate_through THEN
    INSERT INTO ledger_check_findings (kind, subject, detail)
      SELECT x.kind, a.id::text, x.detail
      FROM platform_accounts a
      LEFT JOIN ledger_check_totals c ON c.account_id = a.id
      CROSS JOIN LATERAL (SELECT coalesce(sum(e.amount), 0) AS total, count(*) AS n FROM ledger_entries e
                          WHERE e.account_id = a.id AND e.transaction_id > v_to) later
      CROSS JOIN LATERAL (VALUES
        ('balance', a.balance <> coalesce(c.total, 0) + later.total,
          'cached ' || a.balance || ' ≠ entries ' || (coalesce(c.total, 0) + later.total)),
        ('entry-count', a.entry_count <> coalesce(c.n, 0) + later.n,
          a.entry_count || ' entries counted ≠ ' || (coalesce(c.n, 0) + later.n) || ' written')
      ) AS x(kind, bad, detail)
      WHERE x.bad
      ON CONFLICT DO NOTHING;
  END IF;
  UPDATE ledger_check_state SET verified_through = v_to, checked_at = now() WHERE id = 1;
END;
$$ LANGUAGE plpgsql;
