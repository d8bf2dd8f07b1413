-- Issue #17: a one-statement request touches its own session (docs/decisions/0029).
--
-- api_session_open handed back a live session that was only due its last-seen touch (once a minute): the
-- application then read the session, touched it and called the statement again, three more round trips. A
-- user who spends a minute on a page pays that on the click that matters, and the bench's investments and
-- withdrawals, each by a user whose session was opened a minute before, paid it on every request. Now the
-- statement touches the session itself, in the request's own transaction, and goes on.
--
-- Lock order: the touch locks the session row before anything the request locks next. A statement that touched
-- and then writes a row referencing its user (an investment, a stake: the foreign key takes the user's row KEY
-- SHARE) can meet a password reset, which locks the user FOR UPDATE and then deletes the sessions. Once a minute
-- per session at most, PostgreSQL then cancels one of the two (40P01) and it is retried (DESIGN §3, withRetries).
-- The reads (api_withdrawal_read, api_earned_read) touch in their own short transaction.
CREATE OR REPLACE FUNCTION api_session_open(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint, p_role text,
  OUT o_outcome text, OUT o_user_id text, OUT o_username text
) AS $$
DECLARE
  v_last_seen timestamptz;
BEGIN
  -- The same rules as sessions.ts `resolve`, only ever stricter.
  SELECT s.user_id::text, u.username, s.last_seen_at INTO o_user_id, o_username, v_last_seen
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = p_token_hash AND s.role = p_role AND u.role = p_role AND NOT u.disabled
      AND s.mfa <> 'pending' AND s.expires_at > p_now
      AND s.last_seen_at + make_interval(secs => p_idle_ms / 1000.0) > p_now;
  IF o_user_id IS NULL THEN
    o_outcome := 'session';
  ELSIF v_last_seen + make_interval(secs => p_touch_ms / 1000.0) <= p_now THEN
    UPDATE sessions SET last_seen_at = p_now WHERE token_hash = p_token_hash AND last_seen_at < p_now;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The two reads that open with the session check may now write its touch: no longer STABLE.
ALTER FUNCTION api_withdrawal_read(text, timestamptz, bigint, bigint) VOLATILE;
--> statement-breakpoint
ALTER FUNCTION api_earned_read(text, timestamptz, bigint, bigint) VOLATILE;
