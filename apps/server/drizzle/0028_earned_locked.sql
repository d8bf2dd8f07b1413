-- Stress CI found a 500: two Withdraw Earned requests with no active stake (it had ended and been released, its
-- earnings left in `usd.staking_earned`) both read earned = X and both passed migration 0019's check, for no lock
-- ordered them (the stake's lock is the only one it took, and there was no stake). The second then found earned
-- at 0 in its move: SV001, which nothing there translates. A new stake, which moves leftover earnings to the
-- balance from an unlocked read, had the same window and answered "insufficient" tokens wrongly.
--
-- Both now lock the user's balance and earned accounts, in the ledger's one lock order (owner, then code in byte
-- order, as ledger_post takes them), before they read earned. The state they read is then the one they move.
CREATE OR REPLACE FUNCTION api_lock_earned(p_user text) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM accounts a WHERE a.owner = p_user AND a.code IN ('usd.balance', 'usd.staking_earned')
    ORDER BY a.code COLLATE "C" FOR UPDATE;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Migration 0019's Withdraw Earned, taking the accounts' locks after the stake's.
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

  -- The stake's lock orders this with every settlement of the same stake (staking.service.ts `settle`); the
  -- accounts' locks with every other move of earned, stake or none (a released stake leaves earned behind).
  SELECT s.id INTO v_stake FROM stakes s WHERE s.user_id = o_user_id::uuid AND s.status = 'active' FOR UPDATE;
  PERFORM api_lock_earned(o_user_id);
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
--> statement-breakpoint
-- Migration 0016's new stake, taking the accounts' locks before it reads earned.
CREATE OR REPLACE FUNCTION api_stake(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_nonce text, p_stake_id uuid, p_tokens bigint, p_ends_at timestamptz, p_memo text, p_earned_memo text,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
DECLARE
  v_earned bigint;
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open_settled(p_token_hash, p_now, p_idle_ms, p_touch_ms, 'stake') f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  IF EXISTS (SELECT 1 FROM stakes s WHERE s.user_id = o_user_id::uuid AND s.status = 'active') THEN
    o_outcome := 'active';
  ELSE
    BEGIN
      -- Locked before it is read: a Withdraw Earned that moved it meanwhile would make this move fail as short.
      PERFORM api_lock_earned(o_user_id);
      SELECT a.balance INTO v_earned FROM accounts a WHERE a.owner = o_user_id AND a.code = 'usd.staking_earned';
      IF coalesce(v_earned, 0) > 0 THEN
        PERFORM api_move('staking.earned-to-balance', 'staking.earned-to-balance:' || o_user_id || ':' || p_nonce,
          o_user_id, p_earned_memo, p_now, '$user', 'usd.staking_earned', '$user', 'usd.balance', 'USD', v_earned);
      END IF;
      INSERT INTO stakes (id, user_id, tokens, started_at, ends_at, status)
        VALUES (p_stake_id, o_user_id::uuid, p_tokens, p_now, p_ends_at, 'active');
      PERFORM api_move('staking.stake', 'staking.stake:' || o_user_id || ':' || p_nonce, o_user_id, p_memo, p_now,
        '$user', 'svp.wallet', '$user', 'svp.staked', 'SVP', p_tokens);
      o_outcome := 'ok';
    EXCEPTION
      WHEN SQLSTATE 'SV001' THEN o_outcome := 'insufficient';
      WHEN unique_violation THEN o_outcome := 'active';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now,
    'summary', CASE WHEN o_outcome = 'ok' THEN staking_summary_json(o_user_id::uuid) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
