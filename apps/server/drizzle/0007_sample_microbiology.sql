-- samples.mikrobiologija says whether a sample has a test of a lab section marked mikrobiologija (the
-- 'Mikrobiologija' worklist). The database keeps it whichever code adds, removes or moves a sample's
-- tests: after each statement on sample_tests, the flag of every sample it touched is set from that
-- sample's tests (statement triggers with transition tables, so a bulk insert sets each sample once),
-- and a sample whose flag is already right is not written. The section a test belongs to when it is
-- ordered decides.
CREATE OR REPLACE FUNCTION samples_set_microbiology(sample_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE samples AS s SET mikrobiologija = flags.has_microbiology
  FROM (
    SELECT candidate.id, EXISTS (
      SELECT 1 FROM sample_tests AS st
      JOIN lab_assays AS la ON la.id = st.labassay_id
      JOIN lab_sections AS ls ON ls.id = la.sekcija_id
      WHERE st.sample_id = candidate.id AND ls.mikrobiologija
    ) AS has_microbiology
    FROM (SELECT DISTINCT unnest(sample_ids) AS id) AS candidate
  ) AS flags
  WHERE s.id = flags.id AND s.mikrobiologija IS DISTINCT FROM flags.has_microbiology;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION samples_refresh_microbiology() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM samples_set_microbiology(ARRAY(SELECT sample_id FROM inserted_tests));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM samples_set_microbiology(ARRAY(SELECT sample_id FROM deleted_tests));
  ELSE
    -- Saving results updates tests too: only a test moved to another assay or sample changes a flag.
    PERFORM samples_set_microbiology(ARRAY(
      SELECT unnest(ARRAY[old_test.sample_id, new_test.sample_id])
      FROM deleted_tests AS old_test JOIN inserted_tests AS new_test ON new_test.id = old_test.id
      WHERE old_test.labassay_id IS DISTINCT FROM new_test.labassay_id OR old_test.sample_id IS DISTINCT FROM new_test.sample_id
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sample_tests_microbiology_insert AFTER INSERT ON sample_tests
  REFERENCING NEW TABLE AS inserted_tests FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_microbiology();
--> statement-breakpoint
CREATE TRIGGER sample_tests_microbiology_delete AFTER DELETE ON sample_tests
  REFERENCING OLD TABLE AS deleted_tests FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_microbiology();
--> statement-breakpoint
CREATE TRIGGER sample_tests_microbiology_update AFTER UPDATE ON sample_tests
  REFERENCING OLD TABLE AS deleted_tests NEW TABLE AS inserted_tests FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_microbiology();
--> statement-breakpoint
-- Samples registered before this migration.
UPDATE samples AS s SET mikrobiologija = true
WHERE EXISTS (
  SELECT 1 FROM sample_tests AS st
  JOIN lab_assays AS la ON la.id = st.labassay_id
  JOIN lab_sections AS ls ON ls.id = la.sekcija_id
  WHERE st.sample_id = s.id AND ls.mikrobiologija
);
