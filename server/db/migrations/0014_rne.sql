CREATE TABLE "rne_account_days" (
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"officers" integer DEFAULT 0 NOT NULL,
	"beneficial_owners" integer DEFAULT 0 NOT NULL,
	"deeds" integer DEFAULT 0 NOT NULL,
	"balance_sheets" integer DEFAULT 0 NOT NULL,
	"seized_balance_sheets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rne_account_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "rne_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pool" varchar(16) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_enc" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"token_ok" smallint DEFAULT 0 NOT NULL,
	"token_enc" text,
	"checked_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"last_error" text,
	"leased_by" varchar(128),
	"leased_until" timestamp with time zone,
	"available_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rne_beneficial_owners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"last_name" text,
	"first_names" text,
	"usage_name" text,
	"birth_month" varchar(7),
	"raw" jsonb,
	"key" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rne_filings" (
	"kind" varchar(12) NOT NULL,
	"id" varchar(64) NOT NULL,
	"siren" char(9) NOT NULL,
	"filed_on" date,
	"closed_on" date,
	"type" text,
	"label" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rne_filings_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "rne_officers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"role_code" varchar(16),
	"role_label" text,
	"last_name" text,
	"first_names" text,
	"usage_name" text,
	"birth_month" varchar(7),
	"company_siren" char(9),
	"company_name" text,
	"key" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rne_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" varchar(16) NOT NULL,
	"siren" char(9) NOT NULL,
	"reason" varchar(255) NOT NULL,
	"state" varchar(8) DEFAULT 'waiting' NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"account_id" bigint,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "rne_queue_counts" (
	"queue" varchar(16) PRIMARY KEY NOT NULL,
	"waiting" bigint DEFAULT 0 NOT NULL,
	"parked" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rne_queue_days" (
	"queue" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"processed" bigint DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone,
	"last_at" timestamp with time zone,
	CONSTRAINT "rne_queue_days_queue_day_pk" PRIMARY KEY("queue","day")
);
--> statement-breakpoint
ALTER TABLE "rne_account_days" ADD CONSTRAINT "rne_account_days_account_id_rne_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."rne_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rne_queue" ADD CONSTRAINT "rne_queue_account_id_rne_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."rne_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rne_accounts_pool_email_key" ON "rne_accounts" USING btree ("pool",lower("email"));--> statement-breakpoint
CREATE INDEX "rne_accounts_pool_id_idx" ON "rne_accounts" USING btree ("pool","id");--> statement-breakpoint
CREATE INDEX "rne_beneficial_owners_siren_idx" ON "rne_beneficial_owners" USING btree ("siren");--> statement-breakpoint
CREATE INDEX "rne_filings_siren_idx" ON "rne_filings" USING btree ("siren");--> statement-breakpoint
CREATE INDEX "rne_officers_siren_idx" ON "rne_officers" USING btree ("siren");--> statement-breakpoint
CREATE UNIQUE INDEX "rne_queue_pending_key" ON "rne_queue" USING btree ("queue","siren") WHERE state in ('waiting', 'running');--> statement-breakpoint
CREATE INDEX "rne_queue_waiting_idx" ON "rne_queue" USING btree ("queue","id") WHERE state = 'waiting';--> statement-breakpoint
CREATE INDEX "rne_queue_running_idx" ON "rne_queue" USING btree ("queue","lease_until") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "rne_queue_done_idx" ON "rne_queue" USING btree ("queue","processed_at","id") WHERE state = 'done';--> statement-breakpoint
CREATE INDEX "rne_queue_done_siren_idx" ON "rne_queue" USING btree ("queue","siren","processed_at") WHERE state = 'done';--> statement-breakpoint
CREATE INDEX "rne_queue_parked_idx" ON "rne_queue" USING btree ("queue","id") WHERE state = 'parked';--> statement-breakpoint
-- The entries of each differential queue waiting (waiting or running) and parked, for the banner 'File d'attente :
-- {n} restent à traiter' without a count. Kept by statement-level triggers in the same transaction as each INSERT,
-- UPDATE, DELETE or TRUNCATE of `rne_queue`.
INSERT INTO rne_queue_counts (queue, waiting, parked) VALUES ('accounts', 0, 0), ('officers', 0, 0);
--> statement-breakpoint
CREATE FUNCTION rne_queue_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    UPDATE rne_queue_counts c SET waiting = c.waiting + d.waiting, parked = c.parked + d.parked
      FROM (SELECT queue, count(*) FILTER (WHERE state IN ('waiting', 'running')) AS waiting, count(*) FILTER (WHERE state = 'parked') AS parked
              FROM new_rows GROUP BY queue) d
     WHERE c.queue = d.queue;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE rne_queue_counts c SET waiting = c.waiting - d.waiting, parked = c.parked - d.parked
      FROM (SELECT queue, count(*) FILTER (WHERE state IN ('waiting', 'running')) AS waiting, count(*) FILTER (WHERE state = 'parked') AS parked
              FROM old_rows GROUP BY queue) d
     WHERE c.queue = d.queue;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION rne_queue_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rne_queue_counts SET waiting = 0, parked = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rne_queue_counts_insert AFTER INSERT ON rne_queue
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rne_queue_counts_apply();
--> statement-breakpoint
CREATE TRIGGER rne_queue_counts_update AFTER UPDATE ON rne_queue
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rne_queue_counts_apply();
--> statement-breakpoint
CREATE TRIGGER rne_queue_counts_delete AFTER DELETE ON rne_queue
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rne_queue_counts_apply();
--> statement-breakpoint
CREATE TRIGGER rne_queue_counts_truncate AFTER TRUNCATE ON rne_queue
  FOR EACH STATEMENT EXECUTE FUNCTION rne_queue_counts_truncate();
