-- Last defined by a numbered migration, drizzle/0016_one_statement_more.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_user_posting(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_kind text, p_nonce text, p_memo text, p_recipient text, p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[], p_summary text, p_settle text, OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_username text;
  v_recipient_id text;
  v_recipient_name text;
  v_recipient_role text;
  v_recipient_disabled boolean;
  v_owners text[];
  v_codes text[];
  v_assets text[];
  v_amounts bigint[];
  v_negative boolean[];
BEGIN
  SELECT f.o_outcome, f.o_user_id, f.o_username INTO o_outcome, o_user_id, v_username
    FROM api_request_open_settled(p_token_hash, p_now, p_idle_ms, p_touch_ms, p_settle) f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  IF p_recipient IS NOT NULL THEN
    SELECT u.id::text, u.username, u.role, u.disabled
      INTO v_recipient_id, v_recipient_name, v_recipient_role, v_recipient_disabled
      FROM users u WHERE lower(u.username) = lower(p_recipient);
    IF v_recipient_id = o_user_id THEN
      o_outcome := 'self';
    ELSIF v_recipient_id IS NULL OR v_recipient_role <> 'user' OR v_recipient_disabled THEN
      o_outcome := 'unknown';
    END IF;
  END IF;

  IF o_outcome IS NULL THEN
    SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
      FROM api_statement_legs(p_owners, p_codes, p_assets, p_amounts, p_allow_negative, o_user_id, v_recipient_id);
    BEGIN
      PERFORM ledger_post(p_kind, p_kind || ':' || o_user_id || ':' || p_nonce, o_user_id,
        replace(replace(p_memo, '{sender}', v_username), '{recipient}', coalesce(v_recipient_name, '')),
        p_now, v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL);
      o_outcome := 'ok';
    EXCEPTION WHEN SQLSTATE 'SV001' THEN
      o_outcome := 'insufficient';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now, 'recipient', v_recipient_name,
    'summary', CASE WHEN o_outcome = 'ok' AND p_summary = 'staking' THEN staking_summary_json(o_user_id::uuid) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$function$;
