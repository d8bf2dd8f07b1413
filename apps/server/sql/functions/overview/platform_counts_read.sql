-- Last defined by a numbered migration, drizzle/0032_overview_counts.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.platform_counts_read()
 RETURNS TABLE(name text, n numeric)
 LANGUAGE sql
AS $function$
  SELECT platform_counts_compact();
  SELECT all_counts.name, sum(all_counts.n)
  FROM (
    SELECT c.name, c.n FROM platform_counts c
    UNION ALL
    SELECT ch.name, ch.delta FROM platform_count_changes ch
  ) all_counts
  GROUP BY all_counts.name
$function$;
