-- Last defined by a numbered migration, drizzle/0011_one_statement.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_request_close(p_user_id text, p_now timestamp with time zone, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_result jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_done boolean := p_result ->> 'outcome' = 'ok';
BEGIN
  IF p_key IS NULL THEN
    RETURN;
  END IF;
  IF p_key_held THEN
    UPDATE idempotency_keys
      SET status_code = CASE WHEN v_done THEN 200 ELSE 400 END, result = p_result,
        committed_at = CASE WHEN v_done THEN now() END
      WHERE scope = 'user:' || p_user_id AND key = p_key AND claim = p_claim AND status_code IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'idempotency claim lost' USING ERRCODE = 'SV002';
    END IF;
    RETURN;
  END IF;
  INSERT INTO idempotency_keys (scope, key, route, request_hash, claim, claimed_at, committed_at, created_at,
      status_code, result)
    VALUES ('user:' || p_user_id, p_key, p_route, p_request_hash, p_claim, now(), CASE WHEN v_done THEN now() END,
      p_now, CASE WHEN v_done THEN 200 ELSE 400 END, p_result)
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'idempotency key exists' USING ERRCODE = 'SV005', DETAIL = p_user_id;
  END IF;
END;
$function$;
