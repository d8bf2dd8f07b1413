DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "entry_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stakes_user_latest_idx" ON "stakes" USING btree ("user_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_account_newest_idx" ON "ledger_entries" USING btree ("account_id","transaction_id" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Accounts that already have entries: count them once.
UPDATE "accounts" a SET "entry_count" = e.n
  FROM (SELECT account_id, count(*) AS n FROM ledger_entries GROUP BY account_id) e
  WHERE e.account_id = a.id;
--> statement-breakpoint
-- Postings made inside a larger transaction (p_defer) leave the platform's own accounts — shared by every
-- user, allowed to go negative, so with nothing to guard — for the end of that transaction: their ids wait
-- here (one table per database session, emptied at every commit), and a deferred constraint trigger moves
-- the platform accounts at commit, all in (owner, code) order. A transaction of several postings then takes
-- the shared rows last and in one order, so it cannot deadlock with another (it did: a sale after a yield
-- settlement locked usd.platform then svp.treasury, a purchase svp.treasury then usd.platform). Nothing in the
-- application has to remember to do it, and no posting's platform legs can be moved twice.
CREATE OR REPLACE FUNCTION ledger_apply_pending() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  -- The first firing at commit moves everything pending (later firings find nothing left).
  FOR r IN
    WITH taken AS (DELETE FROM pg_temp.ledger_pending_platform RETURNING transaction_id)
    SELECT e.account_id, sum(e.amount)::bigint AS delta, count(*) AS n
    FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
    WHERE e.transaction_id IN (SELECT transaction_id FROM taken) AND a.allow_negative
    GROUP BY e.account_id, a.owner, a.code
    ORDER BY a.owner COLLATE "C", a.code COLLATE "C"
  LOOP
    UPDATE accounts SET balance = balance + r.delta, entry_count = entry_count + r.n WHERE id = r.account_id;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The posting function of DESIGN §3 in one round trip (issue #6: a transfer's rows stay locked only while
-- PostgreSQL itself works). ledger.service.ts checks, nets, signs and sorts the legs first; this function
-- enforces again what only the database can see, so no caller can post an unbalanced, overdrawn or
-- mislabelled transaction whatever it sends:
--   * marks the request's Idempotency-Key as acted on in the same transaction (crash consistency), or fails;
--   * inserts the header once per idempotency key (a repeat returns the first id, posted = false);
--   * moves each balance with a guarded update, in one fixed order for every posting — (owner, code) in
--     byte order, which it checks — so crossing postings cannot deadlock;
--   * opens a user's account that does not exist yet (older users, new codes) in that order, never allowed
--     to go negative and with the asset its code has elsewhere; platform accounts (p_allow_negative) are
--     opened at start-up only, and a missing one is an error;
--   * with p_defer, leaves the platform accounts for ledger_apply_pending at commit (above);
--   * refuses a posting that does not sum to zero per asset, then writes the immutable entries.
-- Errors: SV001 insufficient funds (DETAIL = account id), SV002 idempotency claim lost, SV003 malformed.
-- Written for a hot path: one SQL statement per leg, plain expressions for every check.
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
  v_deferred boolean := false;
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
    IF p_defer THEN
      -- Only an account that really may go negative needs no guard, and so may wait.
      SELECT a.id, a.asset INTO v_id, v_asset FROM accounts a
        WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i] AND a.allow_negative;
      v_deferred := v_deferred OR FOUND;
    END IF;
    IF v_id IS NULL THEN
      UPDATE accounts a SET balance = a.balance + p_amounts[v_i], entry_count = a.entry_count + 1
        WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i]
          AND (a.allow_negative OR a.balance + p_amounts[v_i] >= 0)
        RETURNING a.id, a.asset INTO v_id, v_asset;
    END IF;
    IF v_id IS NULL THEN
      SELECT a.id INTO v_id FROM accounts a WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i];
      IF FOUND THEN
        RAISE EXCEPTION 'insufficient funds in account %', v_id USING ERRCODE = 'SV001', DETAIL = v_id::text;
      END IF;
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
          AND (a.allow_negative OR a.balance + p_amounts[v_i] >= 0)
        RETURNING a.id, a.asset INTO v_id, v_asset;
      IF NOT FOUND THEN
        SELECT a.id INTO v_id FROM accounts a WHERE a.owner = p_owners[v_i] AND a.code = p_codes[v_i];
        RAISE EXCEPTION 'insufficient funds in account %', v_id USING ERRCODE = 'SV001', DETAIL = v_id::text;
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

  IF v_deferred THEN
    -- This session's waiting list (created once per connection) and its trigger, which runs at commit.
    IF to_regclass('pg_temp.ledger_pending_platform') IS NULL THEN
      CREATE TEMP TABLE ledger_pending_platform (transaction_id bigint NOT NULL) ON COMMIT DELETE ROWS;
      CREATE CONSTRAINT TRIGGER ledger_pending_platform_at_commit AFTER INSERT ON pg_temp.ledger_pending_platform
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_apply_pending();
    END IF;
    INSERT INTO pg_temp.ledger_pending_platform VALUES (o_transaction_id);
  END IF;
END;
$$ LANGUAGE plpgsql;
