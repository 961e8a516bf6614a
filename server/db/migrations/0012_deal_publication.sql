CREATE TABLE "bodacc_transaction_counts" (
	"id" smallint PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_publish_batches" ADD COLUMN "published_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "deals_withdrawn_idx" ON "deals" USING btree ("id") WHERE "deals"."status" <> 1 and "deals"."published_revision" is not null;--> statement-breakpoint
-- The number of legal-announcement transaction rows, kept by statement-level triggers in the same transaction as
-- each INSERT, COPY, DELETE (cascades from `announcements` included) or TRUNCATE: `filterbodacc` reads its total here.
INSERT INTO bodacc_transaction_counts (id, rows) SELECT 1, count(*) FROM bodacc_transactions;
--> statement-breakpoint
CREATE FUNCTION bodacc_transaction_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bodacc_transaction_counts SET rows = rows + (SELECT count(*) FROM new_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION bodacc_transaction_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bodacc_transaction_counts SET rows = rows - (SELECT count(*) FROM old_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION bodacc_transaction_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bodacc_transaction_counts SET rows = 0 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bodacc_transaction_counts_insert AFTER INSERT ON bodacc_transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bodacc_transaction_counts_insert();
--> statement-breakpoint
CREATE TRIGGER bodacc_transaction_counts_delete AFTER DELETE ON bodacc_transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bodacc_transaction_counts_delete();
--> statement-breakpoint
CREATE TRIGGER bodacc_transaction_counts_truncate AFTER TRUNCATE ON bodacc_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION bodacc_transaction_counts_truncate();
--> statement-breakpoint
-- A deleted deal leaves its published snapshot in place until the next publication withdraws it: the snapshot
-- loses its `deal_id`, so that the withdrawal (and stats c1) find it through published_deals_deal_idx (deal_id IS NULL).
CREATE FUNCTION deals_unlink_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE published_deals p SET deal_id = NULL FROM old_rows o WHERE p.deal_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deals_unlink_published AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deals_unlink_published();
