-- First defined by drizzle/0021_session_touch_in_statement.sql (its comments say why); liveness: session_live.sql.
CREATE OR REPLACE FUNCTION public.api_session_open(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_role text, OUT o_outcome text, OUT o_user_id text, OUT o_username text)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_last_seen timestamptz;
BEGIN
  -- session_live is the rule sessions.ts `resolve` applies too; a statement adds its route's role and a done MFA.
  SELECT s.user_id::text, u.username, s.last_seen_at INTO o_user_id, o_username, v_last_seen
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = p_token_hash AND s.role = p_role AND s.mfa <> 'pending'
      AND session_live(s.expires_at, s.last_seen_at, p_now, p_idle_ms, s.role, u.role, u.disabled);
  IF o_user_id IS NULL THEN
    o_outcome := 'session';
  ELSIF v_last_seen + make_interval(secs => p_touch_ms / 1000.0) <= p_now THEN
    UPDATE sessions SET last_seen_at = p_now WHERE token_hash = p_token_hash AND last_seen_at < p_now;
  END IF;
END;
$function$;
