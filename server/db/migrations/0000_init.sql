CREATE TABLE "admin_avatars" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"avatar_key" varchar(64) NOT NULL,
	"image" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" varchar(255) DEFAULT '' NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"avatar_key" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "api_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret_enc" text NOT NULL,
	"client_secret_hash" varchar(64) NOT NULL,
	"client_id_sandbox" varchar(255) NOT NULL,
	"client_secret_sandbox_enc" text NOT NULL,
	"client_secret_sandbox_hash" varchar(64) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_avatars" ADD CONSTRAINT "admin_avatars_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_avatars_key_uq" ON "admin_avatars" USING btree ("avatar_key");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_lower_uq" ON "admins" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "admins_name_idx" ON "admins" USING btree ("name");--> statement-breakpoint
CREATE INDEX "admins_status_idx" ON "admins" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sessions_admin_id_idx" ON "sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "sessions_created_at_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_customers_client_id_uq" ON "api_customers" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_customers_client_id_sandbox_uq" ON "api_customers" USING btree ("client_id_sandbox");--> statement-breakpoint
CREATE UNIQUE INDEX "api_customers_client_secret_hash_uq" ON "api_customers" USING btree ("client_secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_customers_client_secret_sandbox_hash_uq" ON "api_customers" USING btree ("client_secret_sandbox_hash");--> statement-breakpoint
CREATE INDEX "api_customers_name_idx" ON "api_customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "api_customers_status_idx" ON "api_customers" USING btree ("status");