-- Last defined by a numbered migration, drizzle/0028_earned_locked.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.api_lock_earned(p_user text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM accounts a WHERE a.owner = p_user AND a.code IN ('usd.balance', 'usd.staking_earned')
    ORDER BY a.code COLLATE "C" FOR UPDATE;
END;
$function$;
