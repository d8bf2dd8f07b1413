-- Last defined by a numbered migration, drizzle/0034_withdraw_earned_one_call.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.stake_yield_due(p_tokens bigint, p_started_at timestamp with time zone, p_ends_at timestamp with time zone, p_at timestamp with time zone, p_apy_bp bigint, p_svp_per_usd bigint, p_usd_unit bigint, p_year_ms bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT div(div(p_tokens::numeric * p_usd_unit, p_svp_per_usd) * p_apy_bp
      * greatest(0, least(epoch_ms(p_at), epoch_ms(p_ends_at)) - epoch_ms(p_started_at)),
    10000::numeric * p_year_ms)::bigint
$function$;
