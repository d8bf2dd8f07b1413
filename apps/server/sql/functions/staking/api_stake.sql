-- Last defined by a numbered migration, drizzle/0028_earned_locked.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_stake(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_nonce text, p_stake_id uuid, p_tokens bigint, p_ends_at timestamp with time zone, p_memo text, p_earned_memo text, OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
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
$function$;
