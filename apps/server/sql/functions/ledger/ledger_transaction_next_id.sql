-- Last defined by a numbered migration, drizzle/0037_ledger_check_xmax.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_transaction_next_id()
 RETURNS bigint
 LANGUAGE sql
AS $function$
  SELECT CASE WHEN pg_current_xact_id() IS NOT NULL THEN nextval('ledger_transactions_id_seq') END
$function$;
