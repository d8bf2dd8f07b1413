-- Last defined by a numbered migration, drizzle/0001_ledger_immutable.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.ledger_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable: post a correcting transaction instead' USING ERRCODE = 'P0001';
END;
$function$;
