CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso_alpha2" char(2) NOT NULL,
	"name_fr" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_entities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deal_id" bigint NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"siren" char(9),
	"name" varchar(255),
	"role_id" integer,
	"stake_percent" numeric(5, 2),
	"deal_identifier" varchar(64) NOT NULL,
	"deal_date" date,
	"role_name" varchar(255),
	"type1_name" varchar(255),
	"type2_name" varchar(255),
	"amount" numeric(18, 2),
	"currency" char(3),
	CONSTRAINT "deal_entities_stake_check" CHECK ("deal_entities"."stake_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "deal_entity_counts" (
	"id" smallint PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_import_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"job_id" uuid,
	"rows" integer DEFAULT 0 NOT NULL,
	"deals" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_publish_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"deals" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"display_name" varchar(255) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deal_identifier" varchar(64) NOT NULL,
	"deal_date" date,
	"deal_type1_id" integer,
	"deal_type2_id" integer,
	"amount" numeric(18, 2),
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"description" text,
	"url" text,
	"source" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"french_investment_abroad" smallint,
	"foreign_investment_in_france" smallint,
	"buyer1_name" text,
	"buyer1_country_id" integer,
	"buyer2_name" text,
	"buyer2_country_id" integer,
	"buyer3_name" text,
	"buyer3_country_id" integer,
	"target1_name" text,
	"target1_country_id" integer,
	"target2_name" text,
	"target2_country_id" integer,
	"target3_name" text,
	"target3_country_id" integer,
	"seller_name" text,
	"seller_country_id" integer,
	"revision" integer DEFAULT 1 NOT NULL,
	"published_revision" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_amount_check" CHECK ("deals"."amount" >= 0),
	CONSTRAINT "deals_flags_check" CHECK ("deals"."french_investment_abroad" in (1, 2) and "deals"."foreign_investment_in_france" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "published_deal_history" (
	"batch_id" integer NOT NULL,
	"deal_identifier" varchar(64) NOT NULL,
	"deal_id" bigint,
	"previous_deal_revision" integer,
	"previous_revision" integer,
	"previous_batch_id" integer,
	"previous_snapshot" jsonb,
	"previous_published_at" timestamp with time zone,
	CONSTRAINT "published_deal_history_batch_id_deal_identifier_pk" PRIMARY KEY("batch_id","deal_identifier")
);
--> statement-breakpoint
CREATE TABLE "published_deals" (
	"deal_identifier" varchar(64) PRIMARY KEY NOT NULL,
	"deal_id" bigint,
	"revision" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_entities" ADD CONSTRAINT "deal_entities_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_entities" ADD CONSTRAINT "deal_entities_role_id_deal_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."deal_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_import_files" ADD CONSTRAINT "deal_import_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_import_files" ADD CONSTRAINT "deal_import_files_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_publish_batches" ADD CONSTRAINT "deal_publish_batches_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_deal_type1_id_deal_types_id_fk" FOREIGN KEY ("deal_type1_id") REFERENCES "public"."deal_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_deal_type2_id_deal_types_id_fk" FOREIGN KEY ("deal_type2_id") REFERENCES "public"."deal_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer1_country_id_countries_id_fk" FOREIGN KEY ("buyer1_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer2_country_id_countries_id_fk" FOREIGN KEY ("buyer2_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer3_country_id_countries_id_fk" FOREIGN KEY ("buyer3_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_target1_country_id_countries_id_fk" FOREIGN KEY ("target1_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_target2_country_id_countries_id_fk" FOREIGN KEY ("target2_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_target3_country_id_countries_id_fk" FOREIGN KEY ("target3_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_country_id_countries_id_fk" FOREIGN KEY ("seller_country_id") REFERENCES "public"."countries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_deal_history" ADD CONSTRAINT "published_deal_history_batch_id_deal_publish_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."deal_publish_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_deals" ADD CONSTRAINT "published_deals_batch_id_deal_publish_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."deal_publish_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso_alpha2_uq" ON "countries" USING btree ("iso_alpha2");--> statement-breakpoint
CREATE INDEX "deal_entities_deal_idx" ON "deal_entities" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "deal_entities_identifier_idx" ON "deal_entities" USING btree ("deal_identifier","id");--> statement-breakpoint
CREATE INDEX "deal_entities_date_idx" ON "deal_entities" USING btree ("deal_date","id");--> statement-breakpoint
CREATE INDEX "deal_entities_siren_idx" ON "deal_entities" USING btree ("siren","id");--> statement-breakpoint
CREATE INDEX "deal_entities_name_idx" ON "deal_entities" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "deal_entities_role_name_idx" ON "deal_entities" USING btree ("role_name","id");--> statement-breakpoint
CREATE INDEX "deal_entities_role_idx" ON "deal_entities" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "deal_entities_type1_name_idx" ON "deal_entities" USING btree ("type1_name","id");--> statement-breakpoint
CREATE INDEX "deal_entities_type2_name_idx" ON "deal_entities" USING btree ("type2_name","id");--> statement-breakpoint
CREATE INDEX "deal_entities_amount_idx" ON "deal_entities" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "deal_entities_currency_idx" ON "deal_entities" USING btree ("currency","id");--> statement-breakpoint
CREATE INDEX "deal_entities_stake_idx" ON "deal_entities" USING btree ("stake_percent","id");--> statement-breakpoint
CREATE INDEX "deal_entities_name_trgm_idx" ON "deal_entities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deal_entities_identifier_trgm_idx" ON "deal_entities" USING gin ("deal_identifier" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deal_import_files_created_idx" ON "deal_import_files" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_roles_name_lower_uq" ON "deal_roles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "deal_types_name_lower_uq" ON "deal_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "deals_identifier_uq" ON "deals" USING btree ("deal_identifier");--> statement-breakpoint
CREATE INDEX "deals_type1_idx" ON "deals" USING btree ("deal_type1_id");--> statement-breakpoint
CREATE INDEX "deals_type2_idx" ON "deals" USING btree ("deal_type2_id");--> statement-breakpoint
CREATE INDEX "deals_pending_idx" ON "deals" USING btree ("id") WHERE "deals"."status" = 1 and "deals"."published_revision" is distinct from "deals"."revision";--> statement-breakpoint
CREATE INDEX "published_deals_batch_idx" ON "published_deals" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "published_deals_deal_idx" ON "published_deals" USING btree ("deal_id");--> statement-breakpoint
-- The number of deal entities (rows of the /transactions list), kept by statement-level triggers in the same
-- transaction as each INSERT, COPY, DELETE or TRUNCATE of `deal_entities`: the list reads its total here.
INSERT INTO deal_entity_counts (id, rows) SELECT 1, count(*) FROM deal_entities;
--> statement-breakpoint
CREATE FUNCTION deal_entity_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_entity_counts SET rows = rows + (SELECT count(*) FROM new_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION deal_entity_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_entity_counts SET rows = rows - (SELECT count(*) FROM old_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION deal_entity_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_entity_counts SET rows = 0 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deal_entity_counts_insert AFTER INSERT ON deal_entities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_entity_counts_insert();
--> statement-breakpoint
CREATE TRIGGER deal_entity_counts_delete AFTER DELETE ON deal_entities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deal_entity_counts_delete();
--> statement-breakpoint
CREATE TRIGGER deal_entity_counts_truncate AFTER TRUNCATE ON deal_entities
  FOR EACH STATEMENT EXECUTE FUNCTION deal_entity_counts_truncate();
--> statement-breakpoint
-- The list's copies of names follow their role or type on rename (set on insert by the application).
CREATE FUNCTION deal_roles_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_entities SET role_name = NEW.name WHERE role_id = NEW.id AND role_name IS DISTINCT FROM NEW.name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deal_roles_rename AFTER UPDATE OF name ON deal_roles
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION deal_roles_rename();
--> statement-breakpoint
CREATE FUNCTION deal_types_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deal_entities e SET type1_name = NEW.name FROM deals d
    WHERE d.deal_type1_id = NEW.id AND e.deal_id = d.id AND e.type1_name IS DISTINCT FROM NEW.name;
  UPDATE deal_entities e SET type2_name = NEW.name FROM deals d
    WHERE d.deal_type2_id = NEW.id AND e.deal_id = d.id AND e.type2_name IS DISTINCT FROM NEW.name;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deal_types_rename AFTER UPDATE OF name ON deal_types
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION deal_types_rename();
