-- Issue #17, continued (docs/decisions/0026): selling tokens, claiming the daily coins and saving taps, each in
-- one SQL call, on the frame of migration 0011 (api_request_open, api_request_close). These three first need
-- the user's accruals settled (a stake that has ended released, the daily coins and the bot's upkeep posted);
-- the rules for that stay in the application (staking.service.ts `settle`, engagement.service.ts `locked`). The
-- statement only asks whether anything is due and, when it is, hands the request back ('settle', nothing
-- written, not even the key): the application settles and calls again. On a normal request nothing is due.

-- Whether a user has accruals the application must settle before a request of this kind:
--   'stake': the active stake has ended (its tokens go back to the wallet first);
--   'engagement': no engagement row yet, daily coins unsettled for today (UTC), or the bot's upkeep due
--   (the same test as engagement.service.ts `settleIfDue`).
CREATE OR REPLACE FUNCTION api_settlement_due(p_user text, p_now timestamptz, p_what text) RETURNS boolean AS $$
DECLARE
  v_settled text;
  v_bot text;
  v_paid timestamptz;
BEGIN
  IF p_what = 'stake' THEN
    RETURN EXISTS (SELECT 1 FROM stakes s
      WHERE s.user_id = p_user::uuid AND s.status = 'active' AND s.ends_at <= p_now);
  END IF;
  SELECT e.daily_settled_through, e.bot_status, e.bot_paid_through INTO v_settled, v_bot, v_paid
    FROM engagement e WHERE e.user_id = p_user::uuid;
  RETURN NOT FOUND
    OR v_settled < to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD')
    OR (v_bot = 'active' AND coalesce(v_paid <= p_now, true));
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The frame's session check (api_request_open), then 'settle' when the user's accruals of kind p_settle are due
-- (nothing written: the application settles and calls again). p_settle NULL: the session check alone.
CREATE OR REPLACE FUNCTION api_request_open_settled(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint, p_settle text,
  OUT o_outcome text, OUT o_user_id text, OUT o_username text
) AS $$
BEGIN
  SELECT f.o_outcome, f.o_user_id, f.o_username INTO o_outcome, o_user_id, o_username
    FROM api_request_open(p_token_hash, p_now, p_idle_ms, p_touch_ms) f;
  IF o_outcome IS NULL AND p_settle IS NOT NULL AND api_settlement_due(o_user_id, p_now, p_settle) THEN
    o_outcome := 'settle';
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A coin amount in minor units as the API writes it (money.ts toDecimalString: no trailing zeros).
CREATE OR REPLACE FUNCTION api_coins_text(p_minor bigint, p_unit bigint) RETURNS text AS $$
BEGIN
  RETURN trim_scale(p_minor::numeric / p_unit)::text;
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- api_user_posting of migration 0011 with one more parameter, p_settle: the kind of accruals (api_settlement_due)
-- that must be settled first, or NULL. Selling tokens needs an ended stake released into the wallet.
DROP FUNCTION IF EXISTS api_user_posting(text, timestamptz, bigint, bigint, text, text, text, text, boolean,
  text, text, text, text, text[], text[], text[], bigint[], boolean[], text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION api_user_posting(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_kind text, p_nonce text, p_memo text, p_recipient text,
  p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[], p_summary text,
  p_settle text,
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
-- One amount from one account to another through ledger_post, the legs in the ledger's one lock order
-- (api_statement_legs): owners are '$user' (p_user's) or 'system' (the platform's, which may go negative).
CREATE OR REPLACE FUNCTION api_move(
  p_kind text, p_key text, p_user text, p_memo text, p_now timestamptz,
  p_from_owner text, p_from_code text, p_to_owner text, p_to_code text, p_asset text, p_amount bigint
) RETURNS void AS $$
DECLARE
  v_owners text[];
  v_codes text[];
  v_assets text[];
  v_amounts bigint[];
  v_negative boolean[];
BEGIN
  SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
    FROM api_statement_legs(ARRAY[p_from_owner, p_to_owner], ARRAY[p_from_code, p_to_code], ARRAY[p_asset, p_asset],
      ARRAY[-p_amount, p_amount], ARRAY[p_from_owner = 'system', p_to_owner = 'system'], p_user, NULL);
  PERFORM ledger_post(p_kind, p_key, p_user, p_memo, p_now, v_owners, v_codes, v_assets, v_amounts, v_negative,
    NULL, NULL, NULL, false);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- "Claim Daily Bonus" in one call: coin.daily moves whole to coin.coins. 'none' when there is nothing to claim.
-- The engagement row's lock orders it with every other engagement change of the user, as before.
CREATE OR REPLACE FUNCTION api_claim_daily(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_nonce text, p_coin_unit bigint,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
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
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Saving taps in one call (DESIGN D9, the rules engagement.service.ts had): `last_tap_save_at` is the moment
-- taps are paid up to; `p_clicks` are accepted if a human could have tapped them since (p_rate a second), each
-- moving that moment 1/rate s on, and within the day's cap. Refusals: 'too-fast', 'cap'. The engagement row's
-- lock makes concurrent saves share one allowance.
CREATE OR REPLACE FUNCTION api_save_taps(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_nonce text, p_clicks int, p_rate int, p_daily_cap int, p_tap_value bigint, p_coin_unit bigint,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
DECLARE
  v_row engagement%ROWTYPE;
  v_paid_ms bigint;
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
  v_paid_ms := (extract(epoch from v_row.last_tap_save_at) * 1000)::bigint;
  v_taps_today := CASE WHEN v_row.tap_day = v_today THEN v_row.taps_today ELSE 0 END;
  IF p_clicks > floor(greatest(0, v_now_ms - v_paid_ms) * p_rate / 1000.0) THEN
    o_outcome := 'too-fast';
  ELSIF v_taps_today + p_clicks > p_daily_cap THEN
    o_outcome := 'cap';
  ELSE
    PERFORM api_move('coins.taps', 'taps:' || o_user_id || ':' || p_nonce, o_user_id,
      'Saved ' || p_clicks || ' taps (' || api_coins_text(v_amount, p_coin_unit) || ' coins)', p_now,
      'system', 'coin.issuance', '$user', 'coin.coins', 'COIN', v_amount);
    -- clicks ≤ allowance, so this stays at or before now; what is left over carries to the next save.
    UPDATE engagement e SET
      last_tap_save_at = e.last_tap_save_at + ceil(p_clicks * 1000.0 / p_rate)::bigint * interval '1 millisecond',
      tap_day = v_today, taps_today = v_taps_today + p_clicks, total_clicks = e.total_clicks + p_clicks
      WHERE e.user_id = o_user_id::uuid;
    o_outcome := 'ok';
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now,
    'totalClicks', (SELECT e.total_clicks::text FROM engagement e WHERE e.user_id = o_user_id::uuid),
    'coins', (SELECT a.balance::text FROM accounts a WHERE a.owner = o_user_id AND a.code = 'coin.coins'));
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A new stake in one call (SPEC §9, DESIGN D10): the frame, then
--   * 'settle': the active stake has ended and must be released first (staking.service.ts `settle`);
--   * 'active': a stake is running (or another request started one first: the one-active index);
--   * 'insufficient': the wallet holds fewer tokens; nothing is posted;
--   * 'ok': earnings left from an earlier stake move to the balance (a new stake starts `earned` at 0), the stake
--     row, and the tokens from the wallet to `svp.staked`. With no active stake there is no unsettled yield.
CREATE OR REPLACE FUNCTION api_stake(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_nonce text, p_stake_id uuid, p_tokens bigint, p_ends_at timestamptz, p_memo text, p_earned_memo text,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
DECLARE
  v_earned bigint;
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open_settled(p_token_hash, p_now, p_idle_ms, p_touch_ms, 'stake') f;
  IF o_outcome IS NOT NULL THEN
    RETURN;
  END IF;

  IF EXISTS (SELECT 1 FROM stakes s WHERE s.user_id = o_user_id::uuid AND s.status = 'active') THEN
    o_outcome := 'active';
  ELSE
    BEGIN
      SELECT a.balance INTO v_earned FROM accounts a WHERE a.owner = o_user_id AND a.code = 'usd.staking_earned';
      IF coalesce(v_earned, 0) > 0 THEN
        PERFORM api_move('staking.earned-to-balance', 'staking.earned-to-balance:' || o_user_id || ':' || p_nonce,
          o_user_id, p_earned_memo, p_now, '$user', 'usd.staking_earned', '$user', 'usd.balance', 'USD', v_earned);
      END IF;
      INSERT INTO stakes (id, user_id, tokens, started_at, ends_at, status)
        VALUES (p_stake_id, o_user_id::uuid, p_tokens, p_now, p_ends_at, 'active');
      PERFORM api_move('staking.stake', 'staking.stake:' || o_user_id || ':' || p_nonce, o_user_id, p_memo, p_now,
        '$user', 'svp.wallet', '$user', 'svp.staked', 'SVP', p_tokens);
      o_outcome := 'ok';
    EXCEPTION
      WHEN SQLSTATE 'SV001' THEN o_outcome := 'insufficient';
      WHEN unique_violation THEN o_outcome := 'active';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'at', p_now,
    'summary', CASE WHEN o_outcome = 'ok' THEN staking_summary_json(o_user_id::uuid) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A withdrawal request in two calls (docs/decisions/0026): the payout's rules and fees are TypeScript's
-- (packages/shared), so the application first reads what it prices the request from, then makes the request in
-- one statement that checks that nothing it priced from has changed.
-- What a user's withdrawal request is priced from: the active plan, the earnings, the wallet on file and whether
-- the e-mail is verified. The same function reads it for pricing and checks it again under the locks.
CREATE OR REPLACE FUNCTION api_withdrawal_state(p_user text) RETURNS jsonb AS $$
BEGIN
  RETURN (SELECT jsonb_build_object(
    'investment', (SELECT jsonb_build_object('id', i.id, 'amount', i.amount::text,
        'expected', i.expected_withdrawal::text, 'endsAt', i.ends_at)
      FROM investments i WHERE i.user_id = u.id AND i.status = 'active'),
    'earnings', coalesce((SELECT a.balance::text FROM accounts a WHERE a.owner = p_user AND a.code = 'usd.earnings'), '0'),
    'wallet', u.wallet_address,
    'verified', u.email_verified_at IS NOT NULL)
  FROM users u WHERE u.id = p_user::uuid);
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The read: the frame's session check, then the state above (o_result).
CREATE OR REPLACE FUNCTION api_withdrawal_read(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
BEGIN
  SELECT f.o_outcome, f.o_user_id INTO o_outcome, o_user_id
    FROM api_request_open(p_token_hash, p_now, p_idle_ms, p_touch_ms) f;
  IF o_outcome IS NULL THEN
    o_result := api_withdrawal_state(o_user_id);
  END IF;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The request: the frame, the plan locked (two requests cannot both close it) and the user shared (the wallet it
-- pays to cannot change under it), then
--   * SV004 when the state is no longer p_read, what the application priced from: the whole call rolls back
--     (the key too), and the application reads and prices again;
--   * 'refused' with p_refusal, the message the application found (no plan, not matured, earnings short, e-mail
--     not verified...), stored as the key's answer;
--   * 'failed' when a guarded debit fails (SV001); 'ok': the plan closed, the withdrawal row, the posting (the
--     platform's accounts at commit) and the user's notification, in one transaction.
CREATE OR REPLACE FUNCTION api_withdrawal_request(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_read jsonb, p_refusal text, p_kind text, p_withdrawal_id uuid,
  p_gross bigint, p_fee_handling bigint, p_fee_crypto bigint, p_fee_charity bigint, p_payout bigint,
  p_due_at timestamptz, p_ledger_kind text, p_memo text,
  p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[],
  p_notification_type text, p_notification_category text, p_notification_params jsonb,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
DECLARE
  v_investment uuid;
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

  SELECT i.id INTO v_investment FROM investments i
    WHERE i.user_id = o_user_id::uuid AND i.status = 'active' FOR UPDATE;
  PERFORM 1 FROM users u WHERE u.id = o_user_id::uuid FOR SHARE;
  IF api_withdrawal_state(o_user_id) IS DISTINCT FROM p_read THEN
    RAISE EXCEPTION 'withdrawal state changed since it was read' USING ERRCODE = 'SV004';
  END IF;

  IF p_refusal IS NOT NULL THEN
    o_outcome := 'refused';
  ELSE
    BEGIN
      UPDATE investments SET status = 'closed', closed_at = p_now WHERE id = v_investment;
      INSERT INTO withdrawals (id, user_id, investment_id, kind, gross, fee_handling, fee_crypto, fee_charity, payout,
          wallet, status, requested_at, due_at)
        VALUES (p_withdrawal_id, o_user_id::uuid, v_investment, p_kind, p_gross, p_fee_handling, p_fee_crypto,
          p_fee_charity, p_payout, p_read ->> 'wallet', 'pending', p_now, p_due_at);
      SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
        FROM api_statement_legs(p_owners, p_codes, p_assets, p_amounts, p_allow_negative, o_user_id, NULL);
      PERFORM ledger_post(p_ledger_kind, 'withdrawal:' || v_investment, o_user_id, p_memo, p_now,
        v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL, true);
      PERFORM notification_add(o_user_id::uuid, p_notification_type, p_notification_category, p_notification_params,
        p_notification_type || ':' || p_withdrawal_id, p_now);
      o_outcome := 'ok';
    EXCEPTION WHEN SQLSTATE 'SV001' THEN
      o_outcome := 'failed';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'message', p_refusal,
    'withdrawal', CASE WHEN o_outcome = 'ok' THEN (SELECT jsonb_build_object('id', w.id, 'kind', w.kind,
        'gross', w.gross::text, 'feeHandling', w.fee_handling::text, 'feeCrypto', w.fee_crypto::text,
        'feeCharity', w.fee_charity::text, 'payout', w.payout::text, 'wallet', w.wallet, 'status', w.status,
        'requestedAt', w.requested_at, 'dueAt', w.due_at) FROM withdrawals w WHERE w.id = p_withdrawal_id) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The Manage Users table filters by the start of an e-mail or a username (modules/admin/users-table.ts): LIKE
-- 'abc%' reads a text_pattern_ops index under any collation (the unique lower() indexes serve equality and order).
CREATE INDEX IF NOT EXISTS "users_email_prefix_idx" ON "users" (lower("email") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_prefix_idx" ON "users" (lower("username") text_pattern_ops);
--> statement-breakpoint
-- The notification job's "plan matured" pass reads only the open plans that ended since its last pass.
CREATE INDEX IF NOT EXISTS "investments_active_ends_idx" ON "investments" ("ends_at") WHERE "status" = 'active';
