-- Last defined by a numbered migration, drizzle/0032_overview_counts.sql: its comments say why.
CREATE OR REPLACE FUNCTION public.platform_count_plan_or_stake()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_old_active boolean := TG_OP <> 'INSERT' AND OLD.status = 'active';
  v_new_active boolean := TG_OP <> 'DELETE' AND NEW.status = 'active';
BEGIN
  IF TG_TABLE_NAME = 'investments' THEN
    INSERT INTO platform_count_changes (name, delta)
    SELECT v.name, v.delta FROM (VALUES
      ('active_plans', (v_new_active::int - v_old_active::int)::numeric),
      ('active_plans_invested', CASE WHEN v_new_active THEN NEW.amount ELSE 0 END
        - CASE WHEN v_old_active THEN OLD.amount ELSE 0 END),
      ('active_plans_at_maturity', CASE WHEN v_new_active THEN NEW.expected_withdrawal ELSE 0 END
        - CASE WHEN v_old_active THEN OLD.expected_withdrawal ELSE 0 END)
    ) AS v(name, delta) WHERE v.delta <> 0;
  ELSE
    INSERT INTO platform_count_changes (name, delta)
    SELECT v.name, v.delta FROM (VALUES
      ('active_stakes', (v_new_active::int - v_old_active::int)::numeric),
      ('active_stakes_token_ms',
        CASE WHEN v_new_active THEN NEW.tokens * stake_term_ms(NEW.started_at, NEW.ends_at) ELSE 0 END
        - CASE WHEN v_old_active THEN OLD.tokens * stake_term_ms(OLD.started_at, OLD.ends_at) ELSE 0 END),
      ('active_stakes_credited', CASE WHEN v_new_active THEN NEW.credited_total ELSE 0 END
        - CASE WHEN v_old_active THEN OLD.credited_total ELSE 0 END)
    ) AS v(name, delta) WHERE v.delta <> 0;
  END IF;
  RETURN NULL;
END
$function$;
