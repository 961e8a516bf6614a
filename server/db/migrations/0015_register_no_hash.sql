ALTER TABLE "companies" DROP COLUMN "content_hash";--> statement-breakpoint
ALTER TABLE "establishments" DROP COLUMN "content_hash";