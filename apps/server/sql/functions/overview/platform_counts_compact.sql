-- Last defined by a numbered migration, drizzle/0032_overview_counts.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.platform_counts_compact()
 RETURNS bigint
 LANGUAGE sql
AS $function$
  WITH moved AS (
    DELETE FROM platform_count_changes RETURNING name, delta
  ), compacted AS (
    INSERT INTO platform_counts AS c (name, n)
      SELECT m.name, sum(m.delta) FROM moved m GROUP BY m.name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n
  )
  SELECT count(*) FROM moved
$function$;
