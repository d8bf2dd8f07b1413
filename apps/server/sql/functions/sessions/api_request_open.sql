-- Last defined by a numbered migration, drizzle/0018_withdrawal_decisions.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_request_open(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, OUT o_outcome text, OUT o_user_id text, OUT o_username text)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT f.o_outcome, f.o_user_id, f.o_username INTO o_outcome, o_user_id, o_username
    FROM api_session_open(p_token_hash, p_now, p_idle_ms, p_touch_ms, 'user') f;
END;
$function$;
