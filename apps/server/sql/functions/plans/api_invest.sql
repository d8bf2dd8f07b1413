-- Last defined by a numbered migration, drizzle/0015_notifications.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_invest(p_token_hash text, p_now timestamp with time zone, p_idle_ms bigint, p_touch_ms bigint, p_key text, p_route text, p_request_hash text, p_claim text, p_key_held boolean, p_refusal text, p_plan text, p_plan_name text, p_plan_min bigint, p_plan_multiplier bigint, p_investment_id uuid, p_days integer, p_amount bigint, p_expected bigint, p_ends_at timestamp with time zone, p_ledger_key text, p_memo text, p_owners text[], p_codes text[], p_assets text[], p_amounts bigint[], p_allow_negative boolean[], p_referral_key_prefix text, p_referral_memo text, p_referral_owners text[], p_referral_codes text[], p_referral_assets text[], p_referral_amounts bigint[], p_referral_allow_negative boolean[], OUT o_outcome text, OUT o_user_id text, OUT o_result jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
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
        v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL);
      PERFORM notification_add(o_user_id::uuid, 'plan.started', 'plans',
        jsonb_build_object('plan', p_plan_name, 'amount', p_amount::text, 'days', p_days,
          'expectedWithdrawal', p_expected::text, 'endsAt', p_ends_at),
        'plan.started:' || p_investment_id, p_now);
      IF coalesce(array_length(p_referral_codes, 1), 0) > 0
          AND (SELECT count(*) FROM investments i WHERE i.user_id = o_user_id::uuid) = 1 THEN
        SELECT u.referred_by::text INTO v_referrer FROM users u WHERE u.id = o_user_id::uuid;
        IF v_referrer IS NOT NULL THEN
          SELECT * INTO v_owners, v_codes, v_assets, v_amounts, v_negative
            FROM api_statement_legs(p_referral_owners, p_referral_codes, p_referral_assets, p_referral_amounts,
              p_referral_allow_negative, o_user_id, v_referrer);
          PERFORM ledger_post('referral.bonus', p_referral_key_prefix || o_user_id, NULL, p_referral_memo, p_now,
            v_owners, v_codes, v_assets, v_amounts, v_negative, NULL, NULL, NULL);
          PERFORM notification_add(v_referrer::uuid, 'referral.bonus', 'referrals',
            jsonb_build_object('bonus', regexp_replace(p_referral_memo, '^Referral bonus: ', ''), 'role', 'referrer'),
            'referral.bonus:' || o_user_id, p_now);
          PERFORM notification_add(o_user_id::uuid, 'referral.bonus', 'referrals',
            jsonb_build_object('bonus', regexp_replace(p_referral_memo, '^Referral bonus: ', ''), 'role', 'referred'),
            'referral.bonus:' || o_user_id, p_now);
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
$function$;
