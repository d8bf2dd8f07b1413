-- Last defined by a numbered migration, drizzle/0032_overview_counts.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.stake_term_ms(p_started timestamp with time zone, p_ends timestamp with time zone)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT round(extract(epoch FROM p_ends - p_started) * 1000)
$function$;
