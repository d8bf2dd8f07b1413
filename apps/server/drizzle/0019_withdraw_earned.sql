-- Issue #17: Withdraw Earned in two calls, as the withdrawal request (docs/decisions/0026). Yield accrues every
-- millisecond by a formula that lives in TypeScript (modules/staking/yield.ts), so the application reads what it
-- prices from, computes the yield due at the request's time, and one statement then checks that nothing it read
-- has changed (SV004: read and price again) and posts the yield and the withdrawal together.
--
-- What Withdraw Earned is priced from: the active stake (its terms and the yield credited so far) and the earned
-- balance. The same function reads it for pricing and checks it again under the stake's lock.
CREATE OR REPLACE FUNCTION api_earned_state(p_user text) RETURNS jsonb AS $$
BEGIN
  RETURN jsonb_build_object(
    'stake', (SELECT jsonb_build_object('id', s.id, 'tokens', s.tokens::text, 'startedAt', s.started_at,
        'endsAt', s.ends_at, 'creditedTotal', s.credited_total::text)
      FROM stakes s WHERE s.user_id = p_user::uuid AND s.status = 'active'),
    'earned', coalesce((SELECT a.balance::text FROM accounts a
      WHERE a.owner = p_user AND a.code = 'usd.staking_earned'), '0'));
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The read: the session's check, 'settle' when the stake has ended (its release comes first), and the state.
CREATE OR REPLACE FUNCTION api_earned_read(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open_settled(p_token_hash, p_now, p_idle_ms, p_touch_ms, 'stake') f;
  IF o_outcome IS NULL THEN
    o_result := api_earned_state(o_user_id);
  END IF;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The withdrawal, after the frame of migration 0011:
--   * SV004 when the state is not exactly p_read any more (the application reads and prices again);
--   * 'refused' with p_refusal (nothing earned), stored as the key's answer;
--   * 'ok': the yield due since the last settlement (p_yield, the stake's credited total becoming p_credited_to,
--     under ledgerKey.stakingYield's p_yield_key) posted to earned, then all of earned (p_amount) moved to the
--     balance; o_result holds the amount and the staking summary.
CREATE OR REPLACE FUNCTION api_withdraw_earned(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_read jsonb, p_refusal text, p_yield bigint, p_credited_to bigint, p_yield_key text,
  p_amount bigint, p_nonce text, p_memo text,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
DECLARE
  v_stake uuid;
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

  -- The stake's lock orders this with every settlement of the same stake (staking.service.ts `settle`).
  SELECT s.id INTO v_stake FROM stakes s WHERE s.user_id = o_user_id::uuid AND s.status = 'active' FOR UPDATE;
  IF api_earned_state(o_user_id) IS DISTINCT FROM p_read THEN
    RAISE EXCEPTION 'staking earnings changed since they were read' USING ERRCODE = 'SV004';
  END IF;

  IF p_refusal IS NOT NULL THEN
    o_outcome := 'refused';
  ELSE
    IF p_yield > 0 THEN
      -- As `settle` posts it: the platform's side applied at commit, in the one order of platform accounts.
      SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
        FROM api_statement_legs(ARRAY['system', '$user'], ARRAY['usd.platform', 'usd.staking_earned'],
          ARRAY['USD', 'USD'], ARRAY[-p_yield, p_yield], ARRAY[true, false], o_user_id, NULL);
      PERFORM ledger_post('staking.yield', p_yield_key, NULL, 'Staking earnings', p_now,
        v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL, true);
      UPDATE stakes SET credited_total = p_credited_to WHERE id = v_stake;
    END IF;
    PERFORM api_move('staking.withdraw-earned', 'staking.withdraw-earned:' || o_user_id || ':' || p_nonce,
      o_user_id, p_memo, p_now, '$user', 'usd.staking_earned', '$user', 'usd.balance', 'USD', p_amount);
    o_outcome := 'ok';
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now, 'amount', p_amount::text,
    'summary', CASE WHEN o_outcome = 'ok' THEN staking_summary_json(o_user_id::uuid) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
