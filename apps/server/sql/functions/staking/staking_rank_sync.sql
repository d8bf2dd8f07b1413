CREATE OR REPLACE FUNCTION public.staking_rank_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO staking_ranks (owner, balance) VALUES (NEW.owner, NEW.balance)
  ON CONFLICT (owner) DO UPDATE SET balance = EXCLUDED.balance;
  RETURN NULL;
END
$function$;
