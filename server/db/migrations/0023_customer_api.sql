CREATE TABLE "api_tokens" (
	"token_hash" char(64) PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"environment" varchar(8) NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_usage_daily" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"environment" varchar(8) NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"errors" bigint DEFAULT 0 NOT NULL,
	"last_call_at" timestamp with time zone,
	CONSTRAINT "api_usage_daily_customer_id_day_environment_pk" PRIMARY KEY("customer_id","day","environment")
);
--> statement-breakpoint
ALTER TABLE "update_log" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_customer_id_api_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."api_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage_daily" ADD CONSTRAINT "api_usage_daily_customer_id_api_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."api_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_expires_idx" ON "api_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "api_tokens_customer_idx" ON "api_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "update_log_xid_id_idx" ON "update_log" USING btree ("xid","id");--> statement-breakpoint
CREATE INDEX "update_log_siren_xid_id_idx" ON "update_log" USING btree ("siren","xid","id");--> statement-breakpoint
CREATE INDEX "update_log_family_xid_id_idx" ON "update_log" USING btree (split_part("code", '-', 1),"xid","id");--> statement-breakpoint
CREATE INDEX "published_deals_sirens_idx" ON "published_deals" USING gin (jsonb_path_query_array("snapshot", '$.entities[*].siren'));