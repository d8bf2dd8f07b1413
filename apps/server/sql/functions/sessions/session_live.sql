-- Whether a session is live: the one definition, read by sessions.ts `resolve` (through SESSION_COLUMNS) and by
-- api_session_open. The limits come from the server's configuration as arguments; `p_now` is the business clock.
-- STABLE, not IMMUTABLE: timestamptz + interval is stable, and PostgreSQL inlines a SQL function into the calling
-- statement only when its body is no more volatile than declared (not inlined, a call cost ~17× as much).
CREATE OR REPLACE FUNCTION public.session_live(p_expires_at timestamp with time zone, p_last_seen_at timestamp with time zone, p_now timestamp with time zone, p_idle_ms bigint, p_session_role text, p_user_role text, p_user_disabled boolean)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT p_expires_at > p_now
     AND p_last_seen_at + make_interval(secs => p_idle_ms / 1000.0) > p_now
     AND p_session_role = p_user_role
     AND NOT p_user_disabled
$function$;
