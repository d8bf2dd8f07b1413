-- Last defined by a numbered migration, drizzle/0039_tap_allowance.sql: its comments say why.
-- The previous release's default for p_window_ms (migration 0039's rolling deploy) is gone: a default
-- cannot be removed in place, so the function is dropped and created again.
DROP FUNCTION IF EXISTS public.api_save_taps(text, timestamptz, bigint, bigint, text, text, text, text, boolean, text, integer, integer, integer, bigint, bigint, bigint);
CREATE OR REPLACE FUNCTION public.api_save_taps(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_nonce text, p_clicks integer, p_rate integer, p_daily_cap integer, p_tap_value bigint, p_coin_unit bigint, p_window_ms bigint, OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_row engagement%ROWTYPE;
  v_from timestamptz;
  v_from_ms bigint;
  v_now_ms bigint := (extract(epoch from p_now) * 1000)::bigint;
  v_today text := to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD');
  v_taps_today int;
  v_amount bigint := p_clicks * p_tap_value;
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open_settled(p_token_hash, p_now, p_idle_ms, p_touch_ms, 'engagement') f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  SELECT * INTO v_row FROM engagement e WHERE e.user_id = o_user_id::uuid FOR UPDATE;
  -- The allowance starts where taps are paid up to, at most one window back: idle time is not banked.
  v_from := greatest(v_row.last_tap_save_at, p_now - p_window_ms * interval '1 millisecond');
  v_from_ms := (extract(epoch from v_from) * 1000)::bigint;
  v_taps_today := CASE WHEN v_row.tap_day = v_today THEN v_row.taps_today ELSE 0 END;
  IF p_clicks > floor(greatest(0, v_now_ms - v_from_ms) * p_rate / 1000.0) THEN
    o_outcome := 'too-fast';
  ELSIF v_taps_today + p_clicks > p_daily_cap THEN
    o_outcome := 'cap';
  ELSE
    PERFORM api_move('coins.taps', 'taps:' || o_user_id || ':' || p_nonce, o_user_id,
      'Saved ' || p_clicks || ' taps (' || api_coins_text(v_amount, p_coin_unit) || ' coins)', p_now,
      'system', 'coin.issuance', '$user', 'coin.coins', 'COIN', v_amount);
    -- clicks ≤ allowance, so this stays at or before now; what is left of the allowance carries to the next save,
    -- never beyond the window.
    UPDATE engagement e SET
      last_tap_save_at = v_from + ceil(p_clicks * 1000.0 / p_rate)::bigint * interval '1 millisecond',
      tap_day = v_today, taps_today = v_taps_today + p_clicks, total_clicks = e.total_clicks + p_clicks
      WHERE e.user_id = o_user_id::uuid;
    o_outcome := 'ok';
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now,
    'totalClicks', (SELECT e.total_clicks::text FROM engagement e WHERE e.user_id = o_user_id::uuid),
    'coins', (SELECT a.balance::text FROM accounts a WHERE a.owner = o_user_id AND a.code = 'coin.coins'));
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$function$;
