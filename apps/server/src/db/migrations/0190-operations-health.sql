-- The console's Overview reads the system's health (docs/decisions/145-operations-health.md).

-- Every ledger:verify run, from the CLI, the daily job or an admin: the Overview shows the last.
CREATE TABLE ledger_verify_runs (
  id            bigserial   PRIMARY KEY,
  source        text        NOT NULL CHECK (source IN ('cli', 'job', 'admin')),
  is_ok         boolean     NOT NULL,
  checked_at    timestamptz NOT NULL,
  duration_ms   integer     NOT NULL CHECK (duration_ms >= 0),
  failed_checks text[]      NOT NULL DEFAULT '{}'
);
CREATE INDEX ledger_verify_runs_checked_at ON ledger_verify_runs (checked_at DESC);

-- The job queue's depth. pg-boss keeps its tables in its own schema, made by the owner when the
-- job runtime starts (maybe after this migration); the application role has no rights there. This
-- function, run with the owner's rights, answers counts only, and zeros while the schema is absent.
CREATE FUNCTION job_queue_depth()
RETURNS TABLE (waiting bigint, active bigint, oldest_waiting_since timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF to_regclass('pgboss.job') IS NULL THEN
    RETURN QUERY SELECT 0::bigint, 0::bigint, NULL::timestamptz;
    RETURN;
  END IF;
  RETURN QUERY EXECUTE $q$
    SELECT
      count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()),
      count(*) FILTER (WHERE state = 'active'),
      min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())
    FROM pgboss.job
    WHERE state IN ('created', 'retry', 'active')$q$;
END
$$;
REVOKE ALL ON FUNCTION job_queue_depth() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION job_queue_depth() TO souk_app;
