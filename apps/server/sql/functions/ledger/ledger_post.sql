-- Last defined by a numbered migration, drizzle/0024_platform_roll_up.sql: its comments say why.
-- p_defer, unread since that migration, is gone: the old signature is dropped first.
DROP FUNCTION IF EXISTS public.ledger_post(text, text, text, text, timestamptz, text[], text[], text[], bigint[], boolean[], text, text, text, boolean);
CREATE OR REPLACE FUNCTION public.ledger_post(p_kind text, p_key text, p_actor text, p_memo text, p_at timestamp with time zone, p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[], p_claim_scope text, p_claim_key text, p_claim text, OUT o_transaction_id bigint, OUT o_posted boolean)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
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
$function$;
