-- Last defined by a numbered migration, drizzle/0033_withdrawal_request_one_call.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.epoch_ms(p_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT floor(extract(epoch FROM p_at) * 1000)::bigint
$function$;
