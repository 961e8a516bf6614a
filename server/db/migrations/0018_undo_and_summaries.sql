CREATE TABLE "news_sync_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"articles" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "published_articles" ADD COLUMN "sync_batch_id" integer;--> statement-breakpoint
ALTER TABLE "bodacc_transactions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bodacc_transactions" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "deal_import_files" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "news_sync_batches" ADD CONSTRAINT "news_sync_batches_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_sync_batches" ADD CONSTRAINT "news_sync_batches_undone_by_admins_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_articles" ADD CONSTRAINT "published_articles_sync_batch_id_news_sync_batches_id_fk" FOREIGN KEY ("sync_batch_id") REFERENCES "public"."news_sync_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_job_idx" ON "news" USING btree ("job_id") WHERE "news"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "published_articles_sync_batch_idx" ON "published_articles" USING btree ("sync_batch_id") WHERE "published_articles"."sync_batch_id" is not null;--> statement-breakpoint
CREATE INDEX "bodacc_transactions_deleted_idx" ON "bodacc_transactions" USING btree ("deleted_at","id") WHERE "bodacc_transactions"."deleted_at" is not null;