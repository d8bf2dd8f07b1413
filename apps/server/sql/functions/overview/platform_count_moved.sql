-- Last defined by a numbered migration, drizzle/0032_overview_counts.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.platform_count_moved()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    INSERT INTO platform_count_changes (name, delta)
      VALUES (platform_count_of_user(OLD.role::text), -1), (platform_count_of_user(NEW.role::text), 1);
  ELSIF TG_TABLE_NAME = 'tickets' THEN
    INSERT INTO platform_count_changes (name, delta)
      VALUES ('open_tickets', CASE WHEN NEW.status <> 'closed' THEN 1 ELSE -1 END);
  ELSIF TG_TABLE_NAME = 'deposits' THEN
    INSERT INTO platform_count_changes (name, delta)
      VALUES ('flagged_deposits', CASE WHEN TG_OP = 'DELETE' OR NEW.flag IS NULL THEN -1 ELSE 1 END);
  END IF;
  RETURN NULL;
END
$function$;
