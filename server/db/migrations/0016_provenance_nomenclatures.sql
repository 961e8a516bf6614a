CREATE TABLE "legal_category_labels" (
	"code" varchar(4) PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "naf_labels" (
	"code" varchar(8) PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "update_log" ADD COLUMN "source_label" text;--> statement-breakpoint
ALTER TABLE "update_log" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "update_log" ADD COLUMN "source_file_id" bigint;--> statement-breakpoint
ALTER TABLE "bodacc_transactions" ADD COLUMN "seller_sirens" char(9)[] DEFAULT '{}'::bpchar[] NOT NULL;--> statement-breakpoint
UPDATE "bodacc_transactions" SET "seller_sirens" = ARRAY["seller_siren"] WHERE "seller_siren" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "bodacc_transactions_seller_siren_idx";--> statement-breakpoint
ALTER TABLE "bodacc_transactions" DROP COLUMN "seller_siren";