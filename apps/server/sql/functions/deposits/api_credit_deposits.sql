-- Last defined by a numbered migration, drizzle/0017_deposit_batch.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_credit_deposits(p_transfers jsonb, p_now timestamp with time zone, p_ledger_kind text, p_notification_type text, p_notification_category text, OUT o_results jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  t jsonb;
  v_user uuid;
  v_request uuid;
  v_to_pay bigint;
  v_flag text;
  v_deposit uuid;
  v_received bigint;
  v_credit bigint;
  v_tx bigint;
  v_owners text[];
  v_codes text[];
  v_assets text[];
  v_amounts bigint[];
  v_negative boolean[];
BEGIN
  o_results := '[]'::jsonb;
  -- The ledger's one lock order (DESIGN §3): every balance this call credits is locked first, in (owner, code)
  -- byte order, so crediting two users in chain order cannot deadlock with a transfer between them.
  PERFORM 1 FROM accounts a
    WHERE a.code = 'usd.balance' AND a.owner IN (
      SELECT d.user_id::text FROM deposit_addresses d
        WHERE d.address IN (SELECT x ->> 'address' FROM jsonb_array_elements(p_transfers) x))
    ORDER BY a.owner COLLATE "C", a.code COLLATE "C"
    FOR UPDATE;

  FOR t IN SELECT x FROM jsonb_array_elements(p_transfers) x LOOP
    v_user := NULL;
    SELECT d.user_id INTO v_user FROM deposit_addresses d WHERE d.address = t ->> 'address';
    IF v_user IS NULL THEN
      o_results := o_results || jsonb_build_object('result', 'ignored');
      CONTINUE;
    END IF;
    BEGIN
      -- A rejection is final: the admin may already have settled it by hand.
      IF EXISTS (SELECT 1 FROM rejected_deposits r
          WHERE r.chain_id = (t ->> 'chainId')::int AND r.tx_hash = t ->> 'txHash'
            AND r.log_index = (t ->> 'logIndex')::numeric) THEN
        o_results := o_results || jsonb_build_object('result', 'duplicate');
        CONTINUE;
      END IF;
      v_received := (t ->> 'received')::bigint;
      v_credit := (t ->> 'credited')::bigint;
      -- A request is paid once: a further payment was not asked for, and is flagged like any unrequested one. A
      -- transfer that credits nothing (dust, address-poisoning spam) never takes a request.
      v_request := NULL;
      SELECT r.id, r.amount_to_pay INTO v_request, v_to_pay FROM topup_requests r
        WHERE r.user_id = v_user AND r.created_at <= p_now
        ORDER BY r.created_at DESC LIMIT 1
        FOR UPDATE;
      IF v_request IS NOT NULL AND (v_credit <= 0
          OR EXISTS (SELECT 1 FROM deposits d WHERE d.topup_request_id = v_request AND d.user_id = v_user)) THEN
        v_request := NULL;
      END IF;
      v_flag := CASE WHEN v_request IS NULL THEN 'unrequested'
        WHEN v_received < v_to_pay THEN 'under' WHEN v_received > v_to_pay THEN 'over' END;

      v_deposit := NULL;
      INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, address, user_id, amount_raw, received, fee,
          credited, flag, topup_request_id, seen_at)
        VALUES ((t ->> 'chainId')::int, t ->> 'txHash', (t ->> 'logIndex')::int, (t ->> 'blockNumber')::bigint,
          t ->> 'address', v_user, t ->> 'amountRaw', v_received, (t ->> 'fee')::bigint, v_credit, v_flag, v_request,
          p_now)
        ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING
        RETURNING id INTO v_deposit;
      IF v_deposit IS NULL THEN
        o_results := o_results || jsonb_build_object('result', 'duplicate');
        CONTINUE;
      END IF;
      IF v_received > 0 THEN
        SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative FROM api_statement_legs(
          ARRAY(SELECT jsonb_array_elements_text(t -> 'legs' -> 'owners')),
          ARRAY(SELECT jsonb_array_elements_text(t -> 'legs' -> 'codes')),
          ARRAY(SELECT jsonb_array_elements_text(t -> 'legs' -> 'assets')),
          ARRAY(SELECT jsonb_array_elements_text(t -> 'legs' -> 'amounts')::bigint),
          ARRAY(SELECT jsonb_array_elements_text(t -> 'legs' -> 'allowNegative')::boolean),
          v_user::text, NULL);
        SELECT p.o_transaction_id INTO v_tx FROM ledger_post(p_ledger_kind, t ->> 'key', NULL, t ->> 'memo', p_now,
          v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL) p;
        UPDATE deposits SET ledger_transaction_id = v_tx WHERE id = v_deposit;
        PERFORM notification_add(v_user, p_notification_type, p_notification_category,
          jsonb_build_object('received', v_received::text, 'fee', t ->> 'fee', 'credited', v_credit::text,
            'flag', v_flag, 'depositId', v_deposit),
          'deposit:' || v_deposit, p_now);
      END IF;
      o_results := o_results || jsonb_build_object('result', 'credited');
    EXCEPTION WHEN data_exception OR integrity_constraint_violation THEN
      o_results := o_results || jsonb_build_object('result', 'failed', 'userId', v_user, 'code', SQLSTATE,
        'message', SQLERRM);
    END;
  END LOOP;
END;
$function$;
