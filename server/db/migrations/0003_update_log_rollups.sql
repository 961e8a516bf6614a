-- Rollups of the update log, kept current in the same transaction as each INSERT/COPY/DELETE
-- (statement-level triggers over transition tables: one rollup write per day and per SIREN touched,
-- whatever the number of rows). Days are calendar days in Europe/Paris.
CREATE FUNCTION update_log_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO update_log_daily (day, entries)
    SELECT (created_at AT TIME ZONE 'Europe/Paris')::date, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET entries = update_log_daily.entries + EXCLUDED.entries;
  INSERT INTO update_log_siren_counts (siren, entries)
    SELECT siren, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (siren) DO UPDATE SET entries = update_log_siren_counts.entries + EXCLUDED.entries;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION update_log_rollup_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE update_log_daily d SET entries = d.entries - o.n
    FROM (SELECT (created_at AT TIME ZONE 'Europe/Paris')::date AS day, count(*) AS n FROM old_rows GROUP BY 1) o
    WHERE d.day = o.day;
  UPDATE update_log_siren_counts c SET entries = c.entries - o.n
    FROM (SELECT siren, count(*) AS n FROM old_rows GROUP BY 1) o
    WHERE c.siren = o.siren;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER update_log_rollup_insert AFTER INSERT ON update_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION update_log_rollup_insert();
--> statement-breakpoint
CREATE TRIGGER update_log_rollup_delete AFTER DELETE ON update_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION update_log_rollup_delete();
--> statement-breakpoint
-- Updates of created_at or siren would desynchronise the rollups: the log is append-only.
CREATE FUNCTION update_log_forbid_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'update_log is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER update_log_forbid_update BEFORE UPDATE OF siren, created_at ON update_log
  FOR EACH STATEMENT EXECUTE FUNCTION update_log_forbid_update();
