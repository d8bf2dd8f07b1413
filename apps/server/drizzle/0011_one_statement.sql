-- Issue #17: a money request in one SQL round trip (docs/decisions/0021). The session check, the
-- Idempotency-Key claim, the posting (through ledger_post), the summary the answer shows and the stored answer
-- run in one function call, one transaction. What the stored answer holds is the function's result; the route
-- renders the response from it the same way the first time and on every replay.
ALTER TABLE "idempotency_keys" ADD COLUMN "result" jsonb;
--> statement-breakpoint
-- The staking summary's one query (staking.repository.ts reads it for GET /staking too): the user, every
-- balance and the latest stake.
-- plpgsql, not sql: a SQL function called from another function is planned on every call; plpgsql keeps its
-- plans for the connection (it runs on every staking move).
CREATE OR REPLACE FUNCTION staking_summary_json(p_user uuid) RETURNS jsonb AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'username', u.username,
    'balances', (SELECT jsonb_object_agg(a.code, a.balance::text) FROM accounts a WHERE a.owner = u.id::text),
    'stake', (SELECT jsonb_build_object('tokens', s.tokens::text, 'status', s.status,
        'started_ms', (extract(epoch from s.started_at) * 1000)::bigint::text,
        'ends_ms', (extract(epoch from s.ends_at) * 1000)::bigint::text,
        'credited_total', s.credited_total::text)
      FROM stakes s WHERE s.user_id = u.id ORDER BY s.started_at DESC LIMIT 1))
  FROM users u WHERE u.id = p_user);
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The frame of every one-statement request: the session and the Idempotency-Key. It vouches only for what
-- is plainly fine and hands every other case back to the application's ordinary path, which owns those
-- rules (modules/auth/sessions.ts, http/idempotency.ts):
--   * 'session' (from api_request_open): no session this function can vouch for — unknown, expired, idle, due a
--     last-seen touch, not a user's, second factor pending, role changed or account disabled. The application
--     resolves the session itself (401/403, deleting a dead one, touching a live one) and calls again.
--   * SV005 (from api_request_close, DETAIL = the user's id): the Idempotency-Key exists — a replay, a mismatch,
--     or an attempt still running, which the insert waited for. The whole call is rolled back; the application
--     settles the key (replay, 422, 409, or takes a dead attempt's key over and calls again with p_key_held).
-- The key is written once, at the end, with the answer: a request is its work, its key and its answer in one
-- transaction, so no claim is ever left behind by a crash.
CREATE OR REPLACE FUNCTION api_request_open(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  OUT o_outcome text, OUT o_user_id text, OUT o_username text
) AS $$
BEGIN
  -- The same rules as sessions.ts `resolve`, only ever stricter (a touch due is handed back too).
  SELECT s.user_id::text, u.username INTO o_user_id, o_username
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = p_token_hash AND s.role = 'user' AND u.role = 'user' AND NOT u.disabled
      AND s.mfa <> 'pending' AND s.expires_at > p_now
      AND s.last_seen_at + make_interval(secs => p_idle_ms / 1000.0) > p_now
      AND s.last_seen_at + make_interval(secs => p_touch_ms / 1000.0) > p_now;
  IF o_user_id IS NULL THEN
    o_outcome := 'session';
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The key and its stored answer, in the request's own transaction: 200 or 400 only marks it finished; the route
-- renders status and body from `result`, the first time and on every replay. `committed_at` says the work was
-- done ('ok'). A key taken over from a dead attempt (p_key_held) must still be this attempt's, or SV002.
CREATE OR REPLACE FUNCTION api_request_close(
  p_user_id text, p_now timestamptz, p_key text, p_route text, p_request_hash text, p_claim text,
  p_key_held boolean, p_result jsonb
) RETURNS void AS $$
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
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A request posting's legs with '$user' and '$recipient' resolved, in the ledger's one lock order (owner, code,
-- byte order), as ledger_post takes them.
CREATE OR REPLACE FUNCTION api_statement_legs(
  p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[],
  p_user text, p_recipient text,
  OUT o_owners text[], OUT o_codes text[], OUT o_assets text[], OUT o_amounts bigint[], OUT o_allow_negative boolean[]
) AS $$
BEGIN
  SELECT array_agg(l.owner ORDER BY l.owner COLLATE "C", l.code COLLATE "C"),
         array_agg(l.code ORDER BY l.owner COLLATE "C", l.code COLLATE "C"),
         array_agg(l.asset ORDER BY l.owner COLLATE "C", l.code COLLATE "C"),
         array_agg(l.amount ORDER BY l.owner COLLATE "C", l.code COLLATE "C"),
         array_agg(l.allow_negative ORDER BY l.owner COLLATE "C", l.code COLLATE "C")
    INTO o_owners, o_codes, o_assets, o_amounts, o_allow_negative
    FROM (SELECT CASE o WHEN '$user' THEN p_user WHEN '$recipient' THEN p_recipient ELSE o END AS owner,
                 c AS code, a AS asset, m AS amount, n AS allow_negative
          FROM unnest(p_owners, p_codes, p_assets, p_amounts, p_allow_negative) AS x(o, c, a, m, n)) l;
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- A user's posting for a request, in one call (convert, buy, transfer): the frame above, then
--   * 'self', 'unknown' (the named recipient), 'insufficient' (a guarded debit failed): refusals, stored as the
--     key's answer like any 4xx, with nothing posted;
--   * 'ok': posted; o_result holds the summary named by p_summary ('staking': the staking room's) to render.
-- Owners '$user' and '$recipient' in p_owners stand for the session's user and the recipient named by
-- p_recipient; '{sender}' and '{recipient}' in p_memo for their usernames. The legs are sorted here into the
-- ledger's one lock order, and ledger_post enforces every rule of the posting again.
CREATE OR REPLACE FUNCTION api_user_posting(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_kind text, p_nonce text, p_memo text, p_recipient text,
  p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[], p_summary text,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
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
    FROM api_request_open(p_token_hash, p_now, p_idle_ms, p_touch_ms) f;
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
        p_now, v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL, false);
      o_outcome := 'ok';
    EXCEPTION WHEN SQLSTATE 'SV001' THEN
      o_outcome := 'insufficient';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now, 'recipient', v_recipient_name,
    'summary', CASE WHEN o_outcome = 'ok' AND p_summary = 'staking' THEN staking_summary_json(o_user_id::uuid) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An investment for a request, in one call, refusing in SPEC §5's order: the frame above, then
--   * 'matured' / 'active': the user's plan (its name in the result) is still open;
--   * p_refusal: what the application found wrong with the request without the database (a missing plan or
--     duration, a disabled duration, an amount below the minimum), said only now, after the open plan;
--   * the plan the application priced the request with (p_plan_*) is no longer the operator's: SV004 rolls the
--     whole call back (the key too), and the application reads the plans again and calls again;
--   * 'raced' (another request started a plan first: the one-active index), 'insufficient', or 'ok': the
--     investment row, its posting and, on a first investment under the
--     first-investment rule, the referral bonus for the user and their referrer — one transaction, as
--     before. Both postings leave the platform's accounts for the commit (p_defer), in the one lock order.
-- Legs come as in api_user_posting: '$user' is the session's user, '$recipient' the referrer.
CREATE OR REPLACE FUNCTION api_invest(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_refusal text, p_plan text, p_plan_name text, p_plan_min bigint, p_plan_multiplier bigint,
  p_investment_id uuid, p_days int, p_amount bigint, p_expected bigint, p_ends_at timestamptz,
  p_ledger_key text, p_memo text,
  p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[],
  p_referral_key_prefix text, p_referral_memo text,
  p_referral_owners text[], p_referral_codes text[], p_referral_assets text[], p_referral_amounts bigint[],
  p_referral_allow_negative boolean[],
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
DECLARE
  v_active_plan text;
  v_active_ends timestamptz;
  v_referrer text;
  v_owners text[];
  v_codes text[];
  v_assets text[];
  v_amounts bigint[];
  v_negative boolean[];
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open(p_token_hash, p_now, p_idle_ms, p_touch_ms) f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  SELECT i.ends_at, p.name INTO v_active_ends, v_active_plan
    FROM investments i JOIN plans p ON p.code = i.plan_code
    WHERE i.user_id = o_user_id::uuid AND i.status = 'active';
  IF FOUND THEN
    o_outcome := CASE WHEN v_active_ends <= p_now THEN 'matured' ELSE 'active' END;
  ELSIF p_refusal IS NOT NULL THEN
    o_outcome := p_refusal;
  ELSIF NOT EXISTS (SELECT 1 FROM plans p WHERE p.code = p_plan AND p.name = p_plan_name
      AND p.min_amount = p_plan_min AND p.multiplier = p_plan_multiplier) THEN
    RAISE EXCEPTION 'plan % changed since it was read', p_plan USING ERRCODE = 'SV004';
  ELSE
    BEGIN
      INSERT INTO investments (id, user_id, plan_code, amount, expected_withdrawal, days, started_at, ends_at, status)
        VALUES (p_investment_id, o_user_id::uuid, p_plan, p_amount, p_expected, p_days, p_now, p_ends_at, 'active');
      SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
        FROM api_statement_legs(p_owners, p_codes, p_assets, p_amounts, p_allow_negative, o_user_id, NULL);
      PERFORM ledger_post('investment.start', p_ledger_key, o_user_id, p_memo, p_now,
        v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL, true);
      IF coalesce(array_length(p_referral_codes, 1), 0) > 0
          AND (SELECT count(*) FROM investments i WHERE i.user_id = o_user_id::uuid) = 1 THEN
        SELECT u.referred_by::text INTO v_referrer FROM users u WHERE u.id = o_user_id::uuid;
        IF v_referrer IS NOT NULL THEN
          SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
            FROM api_statement_legs(p_referral_owners, p_referral_codes, p_referral_assets, p_referral_amounts,
              p_referral_allow_negative, o_user_id, v_referrer);
          PERFORM ledger_post('referral.bonus', p_referral_key_prefix || o_user_id, NULL, p_referral_memo, p_now,
            v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL, true);
        END IF;
      END IF;
      o_outcome := 'ok';
    EXCEPTION
      WHEN SQLSTATE 'SV001' THEN o_outcome := 'insufficient';
      WHEN unique_violation THEN o_outcome := 'raced';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now, 'activePlan', v_active_plan,
    'plan', p_plan_name, 'minimum', p_plan_min::text,
    'investment', CASE WHEN o_outcome = 'ok' THEN (SELECT jsonb_build_object('id', i.id, 'amount', i.amount::text,
        'expectedWithdrawal', i.expected_withdrawal::text, 'days', i.days, 'startedAt', i.started_at,
        'endsAt', i.ends_at, 'status', i.status) FROM investments i WHERE i.id = p_investment_id) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Migration 0007's commit-time mover, reading the entries by their transactions' ids. It joined the entries to
-- the temporary table of pending ids, whose size the planner cannot know, and on a ledger of some size it
-- chose to read ledger_entries and accounts whole on every commit of a deferred posting (a withdrawal request,
-- an investment, a sale): 10 ms of PostgreSQL per withdrawal request with 30,000 entries, growing with the
-- ledger (found by `npm run bench`, issue #17). With the ids as an array it reads them through
-- ledger_entries_transaction_idx.
CREATE OR REPLACE FUNCTION ledger_apply_pending() RETURNS trigger AS $$
DECLARE
  r record;
  v_ids bigint[];
BEGIN
  -- The first firing at commit moves everything pending (later firings find nothing left).
  WITH taken AS (DELETE FROM pg_temp.ledger_pending_platform RETURNING transaction_id)
  SELECT array_agg(transaction_id) INTO v_ids FROM taken;
  IF v_ids IS NULL THEN
    RETURN NULL;
  END IF;
  FOR r IN
    SELECT e.account_id, sum(e.amount)::bigint AS delta, count(*) AS n
    FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
    WHERE e.transaction_id = ANY (v_ids) AND a.allow_negative
    GROUP BY e.account_id, a.owner, a.code
    ORDER BY a.owner COLLATE "C", a.code COLLATE "C"
  LOOP
    UPDATE accounts SET balance = balance + r.delta, entry_count = entry_count + r.n WHERE id = r.account_id;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
