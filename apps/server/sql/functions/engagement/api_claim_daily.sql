-- Last defined by a numbered migration, drizzle/0016_one_statement_more.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_claim_daily(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_nonce text, p_coin_unit bigint, OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_daily bigint;
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open_settled(p_token_hash, p_now, p_idle_ms, p_touch_ms, 'engagement') f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  PERFORM 1 FROM engagement e WHERE e.user_id = o_user_id::uuid FOR UPDATE;
  SELECT a.balance INTO v_daily FROM accounts a WHERE a.owner = o_user_id AND a.code = 'coin.daily';
  IF coalesce(v_daily, 0) <= 0 THEN
    o_outcome := 'none';
  ELSE
    PERFORM api_move('coins.daily-claim', 'daily-claim:' || o_user_id || ':' || p_nonce, o_user_id,
      'Claimed ' || api_coins_text(v_daily, p_coin_unit) || ' daily coins', p_now,
      '$user', 'coin.daily', '$user', 'coin.coins', 'COIN', v_daily);
    o_outcome := 'ok';
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now,
    'coins', (SELECT a.balance::text FROM accounts a WHERE a.owner = o_user_id AND a.code = 'coin.coins'));
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$function$;
