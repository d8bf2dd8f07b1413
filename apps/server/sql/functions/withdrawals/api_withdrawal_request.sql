-- Last defined by a numbered migration, drizzle/0033_withdrawal_request_one_call.sql: its comments say why.
-- docs/decisions/0044-withdrawal-controls.md: the caps are checked here, after the user's locks, by withdrawal_controls.
DROP FUNCTION IF EXISTS public.api_withdrawal_request(text, timestamp with time zone, bigint, bigint, text, text, text, text, boolean, text, uuid, timestamp with time zone, text, text, bigint, boolean, bigint[], bigint, bigint, bigint, text, text);
DROP FUNCTION IF EXISTS public.api_withdrawal_request(text, timestamp with time zone, bigint, bigint, text, text, text, text, boolean, text, uuid, timestamp with time zone, text, text, bigint, boolean, bigint[], bigint, bigint, bigint, text, text, bigint, bigint);
DROP FUNCTION IF EXISTS public.api_withdrawal_request(text, timestamp with time zone, bigint, bigint, text, text, text, text, boolean, text, uuid, timestamp with time zone, text, text, bigint, boolean, bigint[], bigint, bigint, bigint, text, text, bigint, bigint, bigint, timestamp with time zone);
CREATE OR REPLACE FUNCTION public.api_withdrawal_request(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_kind text, p_withdrawal_id uuid, p_due_at timestamp with time zone, p_ledger_kind text, p_memo_prefix text, p_min_earnings bigint, p_require_verified boolean, p_fees bigint[], p_break_percent bigint, p_day_ms bigint, p_usd_unit bigint, p_notification_type text, p_notification_category text, p_daily_cap bigint, p_monthly_cap bigint, p_four_eyes_above bigint, p_review_due_at timestamp with time zone, p_new_wallet_ms bigint, OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_plan record;
  v_wallet text;
  v_verified boolean;
  v_earnings bigint;
  v_price record;
  v_controls record;
  v_refusal text;
  v_cap bigint;
  v_used bigint;
  v_review text[] := '{}';
  v_approvals smallint := 1;
  v_hold_until timestamp with time zone;
  v_hold_change text;
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

  v_refusal := v_price.o_refusal;
  IF v_refusal IS NULL THEN
    -- The caps, read after the plan's and the earnings account's locks: another request of this user has committed
    -- its withdrawal or not started, so this sum holds it (READ COMMITTED: each statement sees what committed).
    SELECT * INTO v_controls FROM withdrawal_controls(o_user_id::uuid, p_now, v_price.o_payout, p_daily_cap,
      p_monthly_cap, p_four_eyes_above, v_wallet, p_new_wallet_ms);
    v_refusal := v_controls.o_refusal;
    -- Four eyes: two approvals by two admins, and the spec's longer promise (3 days) as its due date.
    v_review := v_controls.o_review;
    IF cardinality(v_review) > 0 THEN
      v_approvals := 2;
      p_due_at := p_review_due_at;
    END IF;
    IF v_refusal = 'daily-cap' THEN
      v_cap := v_controls.o_daily_cap;
      v_used := v_controls.o_daily_used;
    ELSIF v_refusal = 'monthly-cap' THEN
      v_cap := v_controls.o_monthly_cap;
      v_used := v_controls.o_monthly_used;
    ELSIF v_refusal = 'hold' THEN
      v_hold_until := v_controls.o_hold_until;
      v_hold_change := v_controls.o_hold_change;
    END IF;
  END IF;

  IF v_refusal IS NOT NULL THEN
    o_outcome := 'refused';
  ELSE
    BEGIN
      UPDATE investments SET status = 'closed', closed_at = p_now WHERE id = v_plan.id;
      INSERT INTO withdrawals (id, user_id, investment_id, kind, gross, fee_handling, fee_crypto, fee_charity, payout,
          wallet, status, requested_at, due_at, approvals_needed, review_reasons)
        VALUES (p_withdrawal_id, o_user_id::uuid, v_plan.id, p_kind, v_price.o_gross, v_price.o_fees[1],
          v_price.o_fees[2], v_price.o_fees[3], v_price.o_payout, v_wallet, 'pending', p_now, p_due_at, v_approvals,
          v_review);
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
        v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL);
      PERFORM notification_add(o_user_id::uuid, p_notification_type, p_notification_category,
        jsonb_build_object('payout', v_price.o_payout::text, 'wallet', v_wallet, 'kind', p_kind),
        p_notification_type || ':' || p_withdrawal_id, p_now);
      o_outcome := 'ok';
    EXCEPTION WHEN SQLSTATE 'SV001' THEN
      o_outcome := 'failed';
    END;
  END IF;

  o_result := jsonb_build_object('outcome', o_outcome, 'refusal', v_refusal, 'days', v_price.o_days,
    'minEarnings', p_min_earnings::text,
    'hold', CASE WHEN v_refusal = 'hold' THEN jsonb_build_object('until', v_hold_until, 'change', v_hold_change) END,
    'cap', CASE WHEN v_cap IS NOT NULL THEN jsonb_build_object('payout', v_price.o_payout::text, 'cap', v_cap::text,
      'used', v_used::text) END,
    -- The row just written, from the values it was written with (reading it back costs a tenth of the call).
    'withdrawal', CASE WHEN o_outcome = 'ok' THEN jsonb_build_object('id', p_withdrawal_id, 'userId', o_user_id,
      'kind', p_kind, 'gross', v_price.o_gross::text, 'feeHandling', v_price.o_fees[1]::text,
      'feeCrypto', v_price.o_fees[2]::text, 'feeCharity', v_price.o_fees[3]::text, 'payout', v_price.o_payout::text,
      'wallet', v_wallet, 'status', 'pending', 'requestedAt', p_now, 'dueAt', p_due_at, 'approvalsNeeded', v_approvals,
      'reviewReasons', to_jsonb(v_review), 'firstApprovedBy', NULL) END);
  PERFORM api_request_close(o_user_id, p_now, p_key, p_route, p_request_hash, p_claim, p_key_held, o_result);
END;
$function$;
