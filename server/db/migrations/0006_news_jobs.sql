CREATE TABLE "job_file_chunks" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "job_file_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(64) NOT NULL,
	"owner_id" integer,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"rows_read" bigint DEFAULT 0 NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint,
	"error" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"lock_key" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"name" varchar(255),
	"title" text NOT NULL,
	"newscategory_id" integer NOT NULL,
	"posted" timestamp with time zone NOT NULL,
	"source" varchar(255),
	"url" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_fr" varchar(255) NOT NULL,
	"name_en" varchar(255) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_temporaries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"owner_id" integer NOT NULL,
	"line" integer NOT NULL,
	"siren" varchar(64) NOT NULL,
	"name" varchar(255),
	"title" text NOT NULL,
	"category" varchar(255) NOT NULL,
	"newscategory_id" integer,
	"posted" timestamp with time zone,
	"posted_raw" varchar(64) NOT NULL,
	"source" varchar(255),
	"url" text NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published_articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identifier" uuid DEFAULT gen_random_uuid() NOT NULL,
	"siren" char(9) NOT NULL,
	"name" varchar(255),
	"title" text NOT NULL,
	"newscategory_id" integer NOT NULL,
	"theme" varchar(255) NOT NULL,
	"posted" timestamp with time zone NOT NULL,
	"source" varchar(255),
	"url" text NOT NULL,
	"news_id" bigint,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_file_chunks" ADD CONSTRAINT "job_file_chunks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_newscategory_id_news_categories_id_fk" FOREIGN KEY ("newscategory_id") REFERENCES "public"."news_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_temporaries" ADD CONSTRAINT "news_temporaries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_temporaries" ADD CONSTRAINT "news_temporaries_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_articles" ADD CONSTRAINT "published_articles_newscategory_id_news_categories_id_fk" FOREIGN KEY ("newscategory_id") REFERENCES "public"."news_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_owner_kind_idx" ON "jobs" USING btree ("owner_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "jobs_state_idx" ON "jobs" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "news_siren_url_uq" ON "news" USING btree ("siren","url");--> statement-breakpoint
CREATE INDEX "news_siren_idx" ON "news" USING btree ("siren","id");--> statement-breakpoint
CREATE INDEX "news_title_idx" ON "news" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "news_category_idx" ON "news" USING btree ("newscategory_id","id");--> statement-breakpoint
CREATE INDEX "news_posted_idx" ON "news" USING btree ("posted","id");--> statement-breakpoint
CREATE INDEX "news_title_trgm_idx" ON "news" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "news_categories_name_fr_lower_uq" ON "news_categories" USING btree (lower("name_fr"));--> statement-breakpoint
CREATE UNIQUE INDEX "news_categories_name_en_lower_uq" ON "news_categories" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "news_temporaries_owner_idx" ON "news_temporaries" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "news_temporaries_owner_errors_idx" ON "news_temporaries" USING btree ("owner_id","id") WHERE "news_temporaries"."error_count" > 0;--> statement-breakpoint
CREATE INDEX "news_temporaries_job_idx" ON "news_temporaries" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "published_articles_identifier_uq" ON "published_articles" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "published_articles_siren_url_uq" ON "published_articles" USING btree ("siren","url");--> statement-breakpoint
CREATE INDEX "published_articles_siren_posted_idx" ON "published_articles" USING btree ("siren","posted");--> statement-breakpoint
CREATE INDEX "published_articles_category_idx" ON "published_articles" USING btree ("newscategory_id");