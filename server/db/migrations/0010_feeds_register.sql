CREATE TABLE "companies" (
	"siren" char(9) PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sigle" varchar(64),
	"legal_form" varchar(4),
	"naf_code" varchar(8),
	"naf_nomenclature" varchar(8),
	"state" char(1) DEFAULT 'A' NOT NULL,
	"created_on" date,
	"head_office_nic" char(5),
	"employee_band" varchar(2),
	"insee_processed_at" timestamp,
	"content_hash" char(32) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"siret" char(14) PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"nic" char(5) NOT NULL,
	"head_office" boolean DEFAULT false NOT NULL,
	"state" char(1) DEFAULT 'A' NOT NULL,
	"naf_code" varchar(8),
	"naf_nomenclature" varchar(8),
	"name" text,
	"address_line1" text,
	"address_line2" text,
	"postcode" varchar(5),
	"commune_code" varchar(5),
	"commune_name" text,
	"created_on" date,
	"insee_processed_at" timestamp,
	"content_hash" char(32) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bulletin" char(1) NOT NULL,
	"issue" varchar(16) NOT NULL,
	"issue_date" date NOT NULL,
	"notice_number" integer NOT NULL,
	"family" varchar(32) NOT NULL,
	"family_label" varchar(64) NOT NULL,
	"sirens" char(9)[] DEFAULT '{}'::bpchar[] NOT NULL,
	"company_name" text,
	"court" text,
	"raw" jsonb NOT NULL,
	"feed_file_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bodacc_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"announcement_id" bigint NOT NULL,
	"siren" char(9),
	"company_name" text,
	"role" varchar(64),
	"transaction_number" varchar(64),
	"announced_on" date,
	"deal_type1" text,
	"deal_type2" text,
	"amount" numeric(18, 2),
	"currency" varchar(3),
	"stake" numeric(5, 2),
	"target_name" text,
	"target_siren" char(9),
	"target_country" varchar(64),
	"target_naf" varchar(8),
	"acquirer_name" text,
	"acquirer_siren" char(9),
	"acquirer_country" varchar(64),
	"acquirer_naf" varchar(8),
	"seller_name" text,
	"seller_siren" char(9),
	"seller_country" varchar(64),
	"seller_naf" varchar(8),
	"adviser_name" text,
	"adviser_siren" char(9),
	"adviser_country" varchar(64),
	"french_investment_abroad" smallint,
	"foreign_investment_in_france" smallint,
	"buyer_iso1" char(2),
	"buyer_iso2" char(2),
	"buyer_iso3" char(2),
	"target_iso1" char(2),
	"target_iso2" char(2),
	"target_iso3" char(2),
	"description" text,
	"description_complement" text,
	"url" text,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feed" varchar(32) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"status" smallint NOT NULL,
	"lines" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"origin" varchar(16) NOT NULL,
	"summary" jsonb,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_state" (
	"feed" varchar(32) PRIMARY KEY NOT NULL,
	"cursor" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_feed_file_id_feed_files_id_fk" FOREIGN KEY ("feed_file_id") REFERENCES "public"."feed_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bodacc_transactions" ADD CONSTRAINT "bodacc_transactions_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_files" ADD CONSTRAINT "feed_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "establishments_siren_idx" ON "establishments" USING btree ("siren");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_notice_uq" ON "announcements" USING btree ("bulletin","issue","notice_number");--> statement-breakpoint
CREATE INDEX "announcements_sirens_idx" ON "announcements" USING gin ("sirens");--> statement-breakpoint
CREATE INDEX "announcements_issue_date_idx" ON "announcements" USING btree ("issue_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bodacc_transactions_announcement_uq" ON "bodacc_transactions" USING btree ("announcement_id");--> statement-breakpoint
CREATE INDEX "bodacc_transactions_siren_idx" ON "bodacc_transactions" USING btree ("siren","id");--> statement-breakpoint
CREATE INDEX "feed_files_feed_id_idx" ON "feed_files" USING btree ("feed","id");--> statement-breakpoint
CREATE INDEX "feed_files_feed_status_id_idx" ON "feed_files" USING btree ("feed","status","id");