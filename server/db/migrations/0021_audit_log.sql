CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" varchar(16) NOT NULL,
	"admin_id" integer,
	"admin_email" varchar(255),
	"job_id" text,
	"ip" text,
	"user_agent" text,
	"session_ref" varchar(16),
	"resource" varchar(32) NOT NULL,
	"resource_id" text,
	"action" varchar(48) NOT NULL,
	"changes" jsonb,
	"details" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_idx" ON "audit_log" USING btree ("admin_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_email_idx" ON "audit_log" USING btree ("admin_email","id");--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource","id");--> statement-breakpoint
CREATE INDEX "audit_log_resource_id_idx" ON "audit_log" USING btree ("resource","resource_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
-- The audit log is append-only: UPDATE and TRUNCATE are always refused; DELETE only inside a transaction that
-- ran `SET LOCAL vigie.audit_purge = on` (the retention purge, server/modules/audit/retention.ts).
-- Statement-level triggers: one check per statement, whatever the number of rows.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('vigie.audit_purge', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
