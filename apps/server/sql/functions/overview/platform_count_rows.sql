-- Last defined by a numbered migration, drizzle/0032_overview_counts.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.platform_count_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_sign int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    INSERT INTO platform_count_changes (name, delta)
      SELECT platform_count_of_user(role::text), v_sign * count(*) FROM changed_rows GROUP BY 1;
  ELSIF TG_TABLE_NAME = 'tickets' THEN
    INSERT INTO platform_count_changes (name, delta)
      SELECT 'open_tickets', v_sign * count(*) FROM changed_rows WHERE status <> 'closed' HAVING count(*) > 0;
  ELSIF TG_TABLE_NAME = 'rejected_deposits' THEN
    INSERT INTO platform_count_changes (name, delta)
      SELECT 'flagged_deposits', v_sign * count(*) FROM changed_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$function$;
