-- Last defined by a numbered migration, drizzle/0033_withdrawal_request_one_call.sql: its comments say why.
-- The quote prices with it too, so it lists every refusal (o_refusals) and prices a refused state as well.
DROP FUNCTION IF EXISTS public.withdrawal_price(text, boolean, bigint, bigint, timestamptz, bigint, boolean, timestamptz, bigint, boolean, bigint[], bigint, bigint);
CREATE OR REPLACE FUNCTION public.withdrawal_price(p_kind text, p_has_plan boolean, p_amount bigint, p_expected bigint, p_ends_at timestamp with time zone, p_earnings bigint, p_verified boolean, p_now timestamp with time zone, p_min_earnings bigint, p_require_verified boolean, p_fees bigint[], p_break_percent bigint, p_day_ms bigint, OUT o_refusal text, OUT o_days bigint, OUT o_gross bigint, OUT o_fees bigint[], OUT o_payout bigint, OUT o_refusals text[])
 RETURNS record
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
DECLARE
  v_fee bigint;
  v_left bigint;
BEGIN
  -- Every refusal that holds, in the order a request answers them (the first); the quote page lists them all.
  o_refusals := '{}';
  IF NOT p_has_plan THEN
    o_refusals := o_refusals || 'no-plan'::text;
  END IF;
  IF p_require_verified AND NOT p_verified THEN
    o_refusals := o_refusals || 'unverified'::text;
  END IF;
  -- daysRemaining: the ceiling of whole days to the end, from milliseconds as JavaScript's Dates hold them.
  IF p_has_plan THEN
    o_days := ceil((epoch_ms(p_ends_at) - epoch_ms(p_now))::numeric / p_day_ms);
  ELSE
    -- No plan: nothing invested, nothing expected (the quote still prices the earnings).
    p_amount := 0;
    p_expected := 0;
  END IF;
  IF p_kind = 'maturity' THEN
    IF o_days > 0 THEN
      o_refusals := o_refusals || 'not-matured'::text;
    END IF;
    IF p_earnings < p_min_earnings THEN
      o_refusals := o_refusals || 'earnings'::text;
    END IF;
    IF p_has_plan AND p_expected <= 0 THEN
      o_refusals := o_refusals || 'nothing-expected'::text;
    END IF;
    o_gross := p_expected + p_earnings;
  ELSE
    IF o_days <= 0 THEN
      o_refusals := o_refusals || 'already-matured'::text;
    END IF;
    o_gross := p_amount * p_break_percent / 100;
  END IF;
  o_refusal := o_refusals[1];
  -- A refused state is priced too: the quote page shows what the plan would pay.
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
