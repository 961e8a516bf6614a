CREATE TABLE "deal_publication_counts" (
	"id" smallint PRIMARY KEY NOT NULL,
	"waiting" bigint NOT NULL
);
--> statement-breakpoint
-- The deals waiting for publication (stats c1 without a count): active and new or changed since their last
-- publication, or deactivated and still published. Kept by statement-level triggers in the same transaction as each
-- INSERT, UPDATE, DELETE or TRUNCATE of `deals` (the condition must match server/modules/deals/stats.ts).
INSERT INTO deal_publication_counts (id, waiting)
  SELECT 1, count(*) FROM deals
  WHERE (status = 1 AND published_revision IS DISTINCT FROM revision) OR (status <> 1 AND published_revision IS NOT NULL);
--> statement-breakpoint
CREATE FUNCTION deal_publication_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_publication_counts SET waiting = waiting + (SELECT count(*) FROM new_rows
    WHERE (status = 1 AND published_revision IS DISTINCT FROM revision) OR (status <> 1 AND published_revision IS NOT NULL)) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION deal_publication_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_publication_counts SET waiting = waiting
    + (SELECT count(*) FROM new_rows
        WHERE (status = 1 AND published_revision IS DISTINCT FROM revision) OR (status <> 1 AND published_revision IS NOT NULL))
    - (SELECT count(*) FROM old_rows
        WHERE (status = 1 AND published_revision IS DISTINCT FROM revision) OR (status <> 1 AND published_revision IS NOT NULL))
  WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION deal_publication_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_publication_counts SET waiting = waiting - (SELECT count(*) FROM old_rows
    WHERE (status = 1 AND published_revision IS DISTINCT FROM revision) OR (status <> 1 AND published_revision IS NOT NULL)) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION deal_publication_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_publication_counts SET waiting = 0 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deal_publication_counts_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_publication_counts_insert();
--> statement-breakpoint
CREATE TRIGGER deal_publication_counts_update AFTER UPDATE ON deals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_publication_counts_update();
--> statement-breakpoint
CREATE TRIGGER deal_publication_counts_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_publication_counts_delete();
--> statement-breakpoint
CREATE TRIGGER deal_publication_counts_truncate AFTER TRUNCATE ON deals
  FOR EACH STATEMENT EXECUTE FUNCTION deal_publication_counts_truncate();
