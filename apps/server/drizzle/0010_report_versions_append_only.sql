-- An issued report is evidence of what the lab released: its stored bytes are never changed or removed.
-- A correction is a new version row. The same trigger function as the audit log refuses UPDATE, DELETE and TRUNCATE.
CREATE TRIGGER report_versions_append_only BEFORE UPDATE OR DELETE ON report_versions FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER report_versions_no_truncate BEFORE TRUNCATE ON report_versions FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
