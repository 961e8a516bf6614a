CREATE TABLE "update_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"siren" char(9) NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_log_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"entries" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_log_siren_counts" (
	"siren" char(9) PRIMARY KEY NOT NULL,
	"entries" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_sirens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"siren" char(9) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_sirens" ADD CONSTRAINT "group_sirens_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "update_log_code_id_idx" ON "update_log" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "update_log_siren_id_idx" ON "update_log" USING btree ("siren","id");--> statement-breakpoint
CREATE INDEX "update_log_created_at_id_idx" ON "update_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "update_log_description_trgm_idx" ON "update_log" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "group_sirens_group_siren_uq" ON "group_sirens" USING btree ("group_id","siren");--> statement-breakpoint
CREATE INDEX "group_sirens_group_id_idx" ON "group_sirens" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "group_sirens_siren_idx" ON "group_sirens" USING btree ("siren");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_lower_uq" ON "groups" USING btree (lower("name"));