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
-- A constant default fills the existing entries without rewriting the table (they get 0: all written before); the
-- entries written from now on take their transaction's id.
ALTER TABLE "update_log" ADD COLUMN "xid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "update_log" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_customer_id_api_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."api_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage_daily" ADD CONSTRAINT "api_usage_daily_customer_id_api_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."api_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_expires_idx" ON "api_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "api_tokens_customer_idx" ON "api_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "published_deals_sirens_idx" ON "published_deals" USING gin (jsonb_path_query_array("snapshot", '$.entities[*].siren'));