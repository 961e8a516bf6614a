-- TRUNCATE of the update log empties its rollups too (the row-count triggers of 0003 do not fire on
-- TRUNCATE, which left the list totals and the statistics counting vanished entries).
CREATE FUNCTION update_log_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM update_log_daily;
  DELETE FROM update_log_siren_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER update_log_rollup_truncate AFTER TRUNCATE ON update_log
  FOR EACH STATEMENT EXECUTE FUNCTION update_log_rollup_truncate();
