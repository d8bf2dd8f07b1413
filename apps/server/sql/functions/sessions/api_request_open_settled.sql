-- Last defined by a numbered migration, drizzle/0016_one_statement_more.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_request_open_settled(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_settle text, OUT o_outcome text, OUT o_user_id text, OUT o_username text)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT f.o_outcome, f.o_user_id, f.o_username INTO o_outcome, o_user_id, o_username
    FROM api_request_open(p_token_hash, p_now, p_idle_ms, p_touch_ms) f;
  IF o_outcome IS NULL AND p_settle IS NOT NULL AND api_settlement_due(o_user_id, p_now, p_settle) THEN
    o_outcome := 'settle';
  END IF;
END;
$function$;
