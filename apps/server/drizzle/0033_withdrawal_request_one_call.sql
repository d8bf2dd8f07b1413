-- Issue #17, part 1: a withdrawal request in one round trip (docs/decisions/0038, replacing the two calls of
-- ADR 0026). The request was priced in TypeScript from a read (api_withdrawal_read), then made by a statement that
-- re-read the same state under its locks and refused to act if it had changed. Now the statement prices it
-- itself, from the state it has locked: no read first, and nothing to re-price.
--
-- The rules are SPEC §9's (DESIGN D6), as packages/shared computes them for the quote the page shows
-- (applyWithdrawalFees, maturityPayout, breakPayout, daysRemaining; withdrawal-quote.ts's reasons). Every
-- constant (the three fees, the share a break pays back, a day in ms, the earnings minimum, whether a verified
-- e-mail is required) is a parameter the application passes from packages/shared and its configuration; the
-- arithmetic is here once more, and test/withdrawals/pricing-in-sql.test.ts holds the two to the same answers.
-- The previous release's functions (api_withdrawal_read, api_withdrawal_state and the 29-parameter
-- api_withdrawal_request) stay for now: during a rolling deploy its instances still call them, and the new
-- request is an overload of its own (22 parameters). A later migration drops them.
--
-- A JavaScript Date's milliseconds since the epoch: what packages/shared's date arithmetic computes with.
CREATE OR REPLACE FUNCTION epoch_ms(p_at timestamptz) RETURNS bigint AS $$
  SELECT floor(extract(epoch FROM p_at) * 1000)::bigint
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- What a request pays, or why it is refused (o_refusal: 'no-plan', 'unverified', 'not-matured' (o_days left),
-- 'earnings' (below the minimum), 'nothing-expected'; a break: 'already-matured'). The refusals in the order the
-- request checked them in TypeScript: no plan, the e-mail, then the quote's first reason. o_fees: handling,
-- crypto, charity, each taken from the gross in that order and never below zero.
CREATE OR REPLACE FUNCTION withdrawal_price(
  p_kind text, p_has_plan boolean, p_amount bigint, p_expected bigint, p_ends_at timestamptz, p_earnings bigint,
  p_verified boolean, p_now timestamptz,
  p_min_earnings bigint, p_require_verified boolean, p_fees bigint[], p_break_percent bigint, p_day_ms bigint,
  OUT o_refusal text, OUT o_days bigint, OUT o_gross bigint, OUT o_fees bigint[], OUT o_payout bigint
) AS $$
DECLARE
  v_fee bigint;
  v_left bigint;
BEGIN
  IF NOT p_has_plan THEN
    o_refusal := 'no-plan';
    RETURN;
  END IF;
  IF p_require_verified AND NOT p_verified THEN
    o_refusal := 'unverified';
    RETURN;
  END IF;
  -- daysRemaining: the ceiling of whole days to the end, from milliseconds as JavaScript's Dates hold them.
  o_days := ceil((epoch_ms(p_ends_at) - epoch_ms(p_now))::numeric / p_day_ms);
  IF p_kind = 'maturity' THEN
    IF o_days > 0 THEN
      o_refusal := 'not-matured';
    ELSIF p_earnings < p_min_earnings THEN
      o_refusal := 'earnings';
    ELSIF p_expected <= 0 THEN
      o_refusal := 'nothing-expected';
    END IF;
    o_gross := p_expected + p_earnings;
  ELSE
    IF o_days <= 0 THEN
      o_refusal := 'already-matured';
    END IF;
    o_gross := p_amount * p_break_percent / 100;
  END IF;
  IF o_refusal IS NOT NULL THEN
    o_gross := NULL;
    RETURN;
  END IF;
  o_gross := greatest(o_gross, 0);
  v_left := o_gross;
  o_fees := '{}';
  FOREACH v_fee IN ARRAY p_fees LOOP
    o_fees := o_fees || least(v_left, v_fee);
    v_left := v_left - least(v_left, v_fee);
  END LOOP;
  o_payout := v_left;
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- The request (SPEC §4, DESIGN D6, D7), after the frame of migration 0011: the active plan locked (two requests
-- cannot both close it), the user shared (the wallet it pays to cannot change under it) and the earnings account
-- locked (what is paid is what is there: ledger_post would lock it first anyway, in the one lock order), then
-- priced by withdrawal_price. A refusal is stored as the key's answer like any other; otherwise the plan's close,
-- the withdrawal row, the posting (the platform's accounts at commit) and the user's notification commit together.
-- A guarded debit that fails (SV001, which the locks leave no way to reach) answers 'failed'.
-- o_result: {outcome: 'ok' | 'refused' | 'failed', refusal, days, minEarnings, withdrawal}.
-- p_fees: handling, crypto, charity; p_memo_prefix: the memo's words before the amount; p_usd_unit: minor units
-- per dollar, for the memo.
CREATE OR REPLACE FUNCTION api_withdrawal_request(
  p_token_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean,
  p_kind text, p_withdrawal_id uuid, p_due_at timestamptz, p_ledger_kind text, p_memo_prefix text,
  p_min_earnings bigint, p_require_verified boolean, p_fees bigint[], p_break_percent bigint, p_day_ms bigint,
  p_usd_unit bigint, p_notification_type text, p_notification_category text,
  OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb
) AS $$
DECLARE
  v_plan record;
  v_wallet text;
  v_verified boolean;
  v_earnings bigint;
  v_price record;
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

  SELECT i.id, i.amount, i.expected_withdrawal, i.ends_at INTO v_plan FROM investments i
    WHERE i.user_id = o_user_id::uuid AND i.status = 'active' FOR UPDATE;
  SELECT u.wallet_address, u.email_verified_at IS NOT NULL INTO v_wallet, v_verified
    FROM users u WHERE u.id = o_user_id::uuid FOR SHARE;
  SELECT a.balance INTO v_earnings FROM accounts a
    WHERE a.owner = o_user_id AND a.code = 'usd.earnings' FOR UPDATE;
  SELECT * INTO v_price FROM withdrawal_price(p_kind, v_plan.id IS NOT NULL, v_plan.amount,
    v_plan.expected_withdrawal, v_plan.ends_at, coalesce(v_earnings, 0), v_verified, p_now,
    p_min_earnings, p_require_verified, p_fees, p_break_percent, p_day_ms);

  IF v_price.o_refusal IS NOT NULL THEN
    o_outcome := 'refused';
  ELSE
    BEGIN
      UPDATE investments SET status = 'closed', closed_at = p_now WHERE id = v_plan.id;
      INSERT INTO withdrawals (id, user_id, investment_id, kind, gross, fee_handling, fee_crypto, fee_charity, payout,
          wallet, status, requested_at, due_at)
        VALUES (p_withdrawal_id, o_user_id::uuid, v_plan.id, p_kind, v_price.o_gross, v_price.o_fees[1],
          v_price.o_fees[2], v_price.o_fees[3], v_price.o_payout, v_wallet, 'pending', p_now, p_due_at);
      -- The plan's money leaves it: at maturity the platform pays what it promised beyond the amount and the
      -- earnings go too; a break pays back its share and the rest stays with the platform. The fees go to their
      -- accounts and the payout waits in withdrawal_pending for the treasury.
      SELECT array_agg(l.o), array_agg(l.c), array_agg('USD'::text), array_agg(l.a), array_agg(l.o = 'system')
        INTO v_owners, v_codes, v_assets, v_amounts, v_negative
        FROM (VALUES (o_user_id, 'usd.invested', -v_plan.amount),
                     (o_user_id, 'usd.earnings', CASE WHEN p_kind = 'maturity' THEN -coalesce(v_earnings, 0) ELSE 0 END),
                     ('system', 'usd.platform', CASE WHEN p_kind = 'maturity'
                        THEN -(v_plan.expected_withdrawal - v_plan.amount) ELSE v_plan.amount - v_price.o_gross END),
                     ('system', 'usd.fees.handling', v_price.o_fees[1]),
                     ('system', 'usd.fees.crypto', v_price.o_fees[2]),
                     ('system', 'usd.fees.charity', v_price.o_fees[3]),
                     (o_user_id, 'usd.withdrawal_pending', v_price.o_payout)) AS l(o, c, a)
        WHERE l.a <> 0;
      -- Into the ledger's one lock order, as every statement's legs (migration 0031).
      SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
        FROM api_statement_legs(v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL);
      PERFORM ledger_post(p_ledger_kind, 'withdrawal:' || v_plan.id, o_user_id,
        p_memo_prefix || ': ' || api_coins_text(v_price.o_payout, p_usd_unit) || ' requested to ' || v_wallet, p_now,
        v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL, true);
      PERFORM notification_add(o_user_id::uuid, p_notification_type, p_notification_category,
        jsonb_build_object('payout', v_price.o_payout::text, 'wallet', v_wallet, 'kind', p_kind),
        p_notification_type || ':' || p_withdrawal_id, p_now);
      o_outcome := 'ok';
    EXCEPTION WHEN SQLSTATE 'SV001' THEN
      o_outcome := 'failed';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'refusal', v_price.o_refusal, 'days', v_price.o_days,
    'minEarnings', p_min_earnings::text,
    -- The row just written, from the values it was written with (reading it back costs a tenth of the call).
    'withdrawal', CASE WHEN o_outcome = 'ok' THEN jsonb_build_object('id', p_withdrawal_id, 'userId', o_user_id,
      'kind', p_kind, 'gross', v_price.o_gross::text, 'feeHandling', v_price.o_fees[1]::text,
      'feeCrypto', v_price.o_fees[2]::text, 'feeCharity', v_price.o_fees[3]::text, 'payout', v_price.o_payout::text,
      'wallet', v_wallet, 'status', 'pending', 'requestedAt', p_now, 'dueAt', p_due_at) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$$ LANGUAGE plpgsql;
