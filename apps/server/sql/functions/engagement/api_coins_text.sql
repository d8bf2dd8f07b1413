-- Last defined by a numbered migration, drizzle/0016_one_statement_more.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_coins_text(p_minor bigint, p_unit bigint)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
BEGIN
  RETURN trim_scale(p_minor::numeric / p_unit)::text;
END;
$function$;
