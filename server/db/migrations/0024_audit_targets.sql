CREATE TABLE "audit_targets" (
	"audit_id" bigint NOT NULL,
	"resource" varchar(32) NOT NULL,
	"resource_id" bigint NOT NULL,
	CONSTRAINT "audit_targets_pkey" PRIMARY KEY("resource_id","resource","audit_id")
);
--> statement-breakpoint
CREATE INDEX "audit_targets_audit_idx" ON "audit_targets" USING brin ("audit_id");--> statement-breakpoint
-- The targets are append-only as the audit log is: UPDATE and TRUNCATE are always refused; DELETE only inside a
-- transaction that ran `SET LOCAL vigie.audit_purge = on` (the retention purge, server/modules/audit/retention.ts,
-- which deletes the targets of the entries it deletes). Statement-level triggers: one check per statement.
CREATE FUNCTION audit_targets_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('vigie.audit_purge', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_targets is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_targets_no_update BEFORE UPDATE ON audit_targets
  FOR EACH STATEMENT EXECUTE FUNCTION audit_targets_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_targets_no_delete BEFORE DELETE ON audit_targets
  FOR EACH STATEMENT EXECUTE FUNCTION audit_targets_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_targets_no_truncate BEFORE TRUNCATE ON audit_targets
  FOR EACH STATEMENT EXECUTE FUNCTION audit_targets_append_only();
