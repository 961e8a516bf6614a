-- The number of pending news, kept by statement-level triggers in the same transaction as each
-- INSERT, COPY, DELETE or TRUNCATE of `news` (one write per statement, whatever its number of rows):
-- the /news list reads its total here instead of counting a million rows.
INSERT INTO news_counts (id, rows) SELECT 1, count(*) FROM news;
--> statement-breakpoint
CREATE FUNCTION news_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_counts SET rows = rows + (SELECT count(*) FROM new_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION news_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_counts SET rows = rows - (SELECT count(*) FROM old_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION news_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_counts SET rows = 0 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER news_counts_insert AFTER INSERT ON news
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION news_counts_insert();
--> statement-breakpoint
CREATE TRIGGER news_counts_delete AFTER DELETE ON news
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION news_counts_delete();
--> statement-breakpoint
CREATE TRIGGER news_counts_truncate AFTER TRUNCATE ON news
  FOR EACH STATEMENT EXECUTE FUNCTION news_counts_truncate();
--> statement-breakpoint
-- The category name follows the category (set on insert by the application, on rename by this trigger).
CREATE FUNCTION news_categories_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news SET category_name = NEW.name_fr WHERE newscategory_id = NEW.id AND category_name IS DISTINCT FROM NEW.name_fr;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER news_categories_rename AFTER UPDATE OF name_fr ON news_categories
  FOR EACH ROW WHEN (OLD.name_fr IS DISTINCT FROM NEW.name_fr) EXECUTE FUNCTION news_categories_rename();
