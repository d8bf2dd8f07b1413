-- Last defined by a numbered migration, drizzle/0034_withdraw_earned_one_call.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_withdraw_earned(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_apy_bp bigint, p_svp_per_usd bigint, p_usd_unit bigint, p_year_ms bigint, p_yield_key_prefix text, p_nonce text, p_memo text, OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_stake record;
  v_due bigint := 0;
  v_accrued bigint := 0;
  v_earned bigint;
  v_amount bigint;
  v_owners text[];
  v_codes text[];
  v_assets text[];
  v_amounts bigint[];
  v_negative boolean[];
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open_settled(p_token_hash, p_now, p_idle_ms, p_touch_ms, 'stake') f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  SELECT s.id, s.tokens, s.started_at, s.ends_at, s.credited_total INTO v_stake FROM stakes s
    WHERE s.user_id = o_user_id::uuid AND s.status = 'active' FOR UPDATE;
  PERFORM api_lock_earned(o_user_id);
  IF v_stake.id IS NOT NULL THEN
    v_due := stake_yield_due(v_stake.tokens, v_stake.started_at, v_stake.ends_at, p_now, p_apy_bp, p_svp_per_usd,
      p_usd_unit, p_year_ms);
    v_accrued := greatest(v_due - v_stake.credited_total, 0);
  END IF;
  SELECT a.balance INTO v_earned FROM accounts a WHERE a.owner = o_user_id AND a.code = 'usd.staking_earned';
  v_amount := coalesce(v_earned, 0) + v_accrued;

  IF v_amount <= 0 THEN
    o_outcome := 'refused';
  ELSE
    IF v_accrued > 0 THEN
      -- As `settle` posts it: the platform's side applied at commit, in the one order of platform accounts.
      SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
        FROM api_statement_legs(ARRAY['system', '$user'], ARRAY['usd.platform', 'usd.staking_earned'],
          ARRAY['USD', 'USD'], ARRAY[-v_accrued, v_accrued], ARRAY[true, false], o_user_id, NULL);
      PERFORM ledger_post('staking.yield', p_yield_key_prefix || v_stake.id || ':' || v_due, NULL,
        'Staking earnings', p_now, v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL);
      UPDATE stakes SET credited_total = v_due WHERE id = v_stake.id;
    END IF;
    PERFORM api_move('staking.withdraw-earned', 'staking.withdraw-earned:' || o_user_id || ':' || p_nonce,
      o_user_id, p_memo, p_now, '$user', 'usd.staking_earned', '$user', 'usd.balance', 'USD', v_amount);
    o_outcome := 'ok';
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now, 'amount', v_amount::text,
    'accrued', v_accrued::text,
    'summary', CASE WHEN o_outcome = 'ok' THEN staking_summary_json(o_user_id::uuid) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$function$;
