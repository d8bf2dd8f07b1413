-- Issue #17: the platform's accounts leave the money transactions (docs/decisions/0030).
--
-- Every withdrawal request, investment, deposit credit, sale or purchase moves one or more of the platform's own
-- accounts (usd.platform, usd.payouts, svp.treasury ...): a few rows shared by every user. Migration 0007 moved
-- them at commit, last and in one order, so no deadlock; but a row updated at commit stays locked until the
-- commit is flushed, so every such transaction on the platform waited for the one before it to reach the disk:
-- 4.5 ms of each withdrawal request at 8 clients was ledger_apply_pending waiting for those rows
-- (`npm run bench:profile -- withdraw` with PostgreSQL's function statistics), and no number of cores helps.
--
-- Now a posting writes its platform legs' entries like any other and does not touch the platform's rows: it puts
-- its transaction's id in ledger_platform_unrolled, an insert that waits for nobody. ledger_roll_up_platform,
-- run every second by each app process (modules/ledger/platform-roll-up.ts), takes a batch of those ids,
-- adds their platform entries to the accounts' cached balance and entry count, in (owner, code) order, and
-- deletes the ids, in one transaction. A platform account's balance at any moment is therefore
--   accounts.balance + the sum of its entries in transactions still in ledger_platform_unrolled,
-- which the view platform_accounts answers in one statement (one snapshot, so exactly, whatever the roll-up
-- does meanwhile). Users' accounts are unchanged: guarded, moved in the posting, in the one lock order.
-- Only accounts with allow_negative (the platform's, opened at start-up) take this path: they have no guard, so
-- nothing is lost by moving their cached balance later.
CREATE TABLE IF NOT EXISTS "ledger_platform_unrolled" (
  "transaction_id" bigint PRIMARY KEY
);
--> statement-breakpoint
-- The platform entries still waiting for the roll-up, per account. Each lookup goes by an index (LATERAL,
-- OFFSET 0: see migration 0023), whatever the planner believes of this table's size, which changes by the second.
CREATE OR REPLACE VIEW ledger_platform_pending AS
SELECT x.account_id, x.delta, x.n
FROM (
  SELECT e.account_id, sum(e.amount)::bigint AS delta, count(*)::bigint AS n
  FROM ledger_platform_unrolled q
  CROSS JOIN LATERAL (SELECT e.account_id, e.amount FROM ledger_entries e
                      WHERE e.transaction_id = q.transaction_id OFFSET 0) e
  GROUP BY e.account_id
) x
CROSS JOIN LATERAL (SELECT 1 FROM accounts a WHERE a.id = x.account_id AND a.allow_negative OFFSET 0) a;
--> statement-breakpoint
-- The platform's accounts with their balance and entry count as of now (what was rolled up plus what waits).
CREATE OR REPLACE VIEW platform_accounts AS
SELECT a.id, a.owner, a.code, a.asset,
  (a.balance + coalesce(p.delta, 0))::bigint AS balance,
  (a.entry_count + coalesce(p.n, 0))::bigint AS entry_count
FROM accounts a LEFT JOIN ledger_platform_pending p ON p.account_id = a.id
WHERE a.owner = 'system';
--> statement-breakpoint
-- Moves the platform accounts by up to p_limit waiting transactions, oldest first, and returns how many it took.
-- Two processes rolling up at once take disjoint batches (SKIP LOCKED) and then the same rows in the same
-- order, so one waits for the other and neither deadlocks.
CREATE OR REPLACE FUNCTION ledger_roll_up_platform(p_limit int, OUT o_transactions int) AS $$
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
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Anything a connection still holds in migration 0007's per-session waiting list moves at its commit as before
-- (ledger_apply_pending stays for it); from here on nothing is put there.
--
-- The posting function of migration 0007, with the platform's accounts left to the roll-up. What changed:
--   * a leg on an account with allow_negative (looked up when the caller marks it p_allow_negative, or found
--     when the guarded update of a user's account does not apply) is not moved: its entry is written and the
--     transaction waits in ledger_platform_unrolled. The guarded update now skips allow_negative accounts, so a
--     platform account can only ever be moved by the roll-up, never twice;
--   * p_defer is no longer read (every posting now leaves the platform's rows alone); it stays so the
--     one-statement functions that pass it need no change.
-- Everything else is as in 0007: the claim, the header once per key, (owner, code) byte order, accounts opened
-- for users on first use, SV001/SV002/SV003, entries summing to zero per asset.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text, p_key text, p_actor text, p_memo text, p_at timestamptz,
  p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[],
  p_claim_scope text, p_claim_key text, p_claim text, p_defer boolean,
  OUT o_transaction_id bigint, OUT o_posted boolean
) AS $$
DECLARE
  v_legs int := coalesce(array_length(p_owners, 1), 0);
  v_ids bigint[] := '{}';
  v_sum_assets text[] := '{}';
  v_sums bigint[] := '{}';
  v_platform boolean := false;
  v_may_go_negative boolean;
  v_id bigint;
  v_asset text;
  v_i int;
  v_k int;
BEGIN
  IF v_legs = 0 OR coalesce(array_length(p_codes, 1), 0) <> v_legs OR coalesce(array_length(p_assets, 1), 0) <> v_legs
     OR coalesce(array_length(p_amounts, 1), 0) <> v_legs OR coalesce(array_length(p_allow_negative, 1), 0) <> v_legs THEN
    RAISE EXCEPTION 'posting % has no legs or mismatched leg arrays', p_kind USING ERRCODE = 'SV003';
  END IF;

  IF p_claim IS NOT NULL THEN
    UPDATE idempotency_keys SET committed_at = coalesce(committed_at, now())
      WHERE scope = p_claim_scope AND key = p_claim_key AND claim = p_claim;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency claim lost' USING ERRCODE = 'SV002';
    END IF;
  END IF;

  INSERT INTO ledger_transactions AS t (kind, idempotency_key, actor_id, memo, created_at)
    VALUES (p_kind, p_key, p_actor, p_memo, p_at)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING t.id INTO o_transaction_id;
  IF o_transaction_id IS NULL THEN
    SELECT t.id INTO o_transaction_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    o_posted := false;
    RETURN;
  END IF;
  o_posted := true;

  FOR v_i IN 1..v_legs LOOP
    IF v_i > 1 AND (p_owners[v_i - 1] COLLATE "C" > p_owners[v_i] COLLATE "C"
        OR (p_owners[v_i - 1] = p_owners[v_i] AND p_codes[v_i - 1] COLLATE "C" >= p_codes[v_i] COLLATE "C")) THEN
      RAISE EXCEPTION 'posting % legs are not in (owner, code) order, or repeat an account', p_kind
        USING ERRCODE = 'SV003';
    END IF;
    v_id := NULL;
    IF p_allow_negative[v_i] THEN
      -- A platform account: nothing to guard, and left to the roll-up.
      SELECT a.id, a.asset INTO v_id, v_asset FROM accounts a
        WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i] AND a.allow_negative;
      v_platform := v_platform OR FOUND;
    END IF;
    IF v_id IS NULL THEN
      UPDATE accounts a SET balance = a.balance + p_amounts[v_i], entry_count = a.entry_count + 1
        WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i]
          AND NOT a.allow_negative AND a.balance + p_amounts[v_i] >= 0
        RETURNING a.id, a.asset INTO v_id, v_asset;
    END IF;
    IF v_id IS NULL THEN
      SELECT a.id, a.allow_negative, a.asset INTO v_id, v_may_go_negative, v_asset FROM accounts a
        WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i];
      IF FOUND THEN
        IF NOT v_may_go_negative THEN
          RAISE EXCEPTION 'insufficient funds in account %', v_id USING ERRCODE = 'SV001', DETAIL = v_id::text;
        END IF;
        -- A platform account the caller did not mark: the roll-up's all the same.
        v_platform := true;
      ELSE
        IF p_allow_negative[v_i] THEN
          RAISE EXCEPTION 'platform account %/% does not exist (opened at start-up)', p_owners[v_i], p_codes[v_i]
            USING ERRCODE = 'SV003';
        END IF;
        -- A new account takes the asset its code already has elsewhere; a caller cannot relabel a code.
        SELECT a.asset INTO v_asset FROM accounts a WHERE a.code = p_codes[v_i] LIMIT 1;
        IF FOUND AND v_asset <> p_assets[v_i] THEN
          RAISE EXCEPTION 'account %/% holds %, not %', p_owners[v_i], p_codes[v_i], v_asset, p_assets[v_i]
            USING ERRCODE = 'SV003';
        END IF;
        INSERT INTO accounts (owner, code, asset, allow_negative, created_at)
          VALUES (p_owners[v_i], p_codes[v_i], p_assets[v_i], false, p_at)
          ON CONFLICT (owner, code) DO NOTHING;
        UPDATE accounts a SET balance = a.balance + p_amounts[v_i], entry_count = a.entry_count + 1
          WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i]
            AND NOT a.allow_negative AND a.balance + p_amounts[v_i] >= 0
          RETURNING a.id, a.asset INTO v_id, v_asset;
        IF NOT FOUND THEN
          SELECT a.id INTO v_id FROM accounts a WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i];
          RAISE EXCEPTION 'insufficient funds in account %', v_id USING ERRCODE = 'SV001', DETAIL = v_id::text;
        END IF;
      END IF;
    END IF;
    IF v_asset <> p_assets[v_i] THEN
      RAISE EXCEPTION 'account %/% holds %, not %', p_owners[v_i], p_codes[v_i], v_asset, p_assets[v_i]
        USING ERRCODE = 'SV003';
    END IF;
    v_ids := v_ids || v_id;
    v_k := array_position(v_sum_assets, v_asset);
    IF v_k IS NULL THEN
      v_sum_assets := v_sum_assets || v_asset;
      v_sums := v_sums || p_amounts[v_i];
    ELSE
      v_sums[v_k] := v_sums[v_k] + p_amounts[v_i];
    END IF;
  END LOOP;

  FOR v_k IN 1..array_length(v_sums, 1) LOOP
    IF v_sums[v_k] <> 0 THEN
      RAISE EXCEPTION 'unbalanced posting %: % sums to %', p_kind, v_sum_assets[v_k], v_sums[v_k]
        USING ERRCODE = 'SV003';
    END IF;
  END LOOP;
  INSERT INTO ledger_entries (transaction_id, account_id, asset, amount)
    SELECT o_transaction_id, l.id, l.asset, l.amount FROM unnest(v_ids, p_assets, p_amounts) AS l(id, asset, amount);

  IF v_platform THEN
    INSERT INTO ledger_platform_unrolled (transaction_id) VALUES (o_transaction_id);
  END IF;
END;
$$ LANGUAGE plpgsql;
