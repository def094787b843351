-- Audit and access-log rows are evidence: once written they are never changed or removed.
-- A trigger refuses UPDATE, DELETE and TRUNCATE for every role the application connects as.
CREATE OR REPLACE FUNCTION refuse_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE ON access_log FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON access_log FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
