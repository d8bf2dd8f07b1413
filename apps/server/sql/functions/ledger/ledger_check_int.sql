-- Last defined by a numbered migration, drizzle/0025_ledger_check_incremental.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_check_int(p text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN p ~ '^[0-9]{1,9}$' THEN p::int END
$function$;
