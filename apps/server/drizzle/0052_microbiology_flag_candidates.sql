-- A sample's microbiology flag is whether any of its tests is in a microbiology section. Inserting tests can only
-- set it and deleting tests can only clear it, and only through tests of a microbiology section: the flag of a
-- sample that gained or lost none of those cannot change. So insert and delete judge only the samples whose
-- inserted or deleted tests include one, instead of every sample the statement touched (a sample registered with
-- 40 chemistry tests, or a bulk import, judged nothing again); a test moved to another assay or sample is judged
-- as before.
CREATE OR REPLACE FUNCTION samples_refresh_microbiology() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM samples_set_microbiology(ARRAY(
      SELECT DISTINCT t.sample_id FROM inserted_tests AS t
      JOIN lab_assays AS la ON la.id = t.labassay_id JOIN lab_sections AS ls ON ls.id = la.sekcija_id
      WHERE ls.mikrobiologija
    ));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM samples_set_microbiology(ARRAY(
      SELECT DISTINCT t.sample_id FROM deleted_tests AS t
      JOIN lab_assays AS la ON la.id = t.labassay_id JOIN lab_sections AS ls ON ls.id = la.sekcija_id
      WHERE ls.mikrobiologija
    ));
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
