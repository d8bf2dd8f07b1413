-- Last defined by a numbered migration, drizzle/0033_withdrawal_request_one_call.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.withdrawal_price(p_kind text, p_has_plan boolean, p_amount bigint, p_expected bigint, p_ends_at timestamp with time zone, p_earnings bigint, p_verified boolean, p_now timestamp with time zone, p_min_earnings bigint, p_require_verified boolean, p_fees bigint[], p_break_percent bigint, p_day_ms bigint, OUT o_refusal text, OUT o_days bigint, OUT o_gross bigint, OUT o_fees bigint[], OUT o_payout bigint)
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
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
$function$;
