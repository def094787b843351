CREATE TABLE "statistics_results_daily" (
	"site_id" uuid NOT NULL,
	"dan" date NOT NULL,
	"labassay_id" uuid NOT NULL,
	"izvor" text,
	"rezultati" integer NOT NULL,
	"pozitivni" integer NOT NULL,
	CONSTRAINT "statistics_results_daily_key" UNIQUE NULLS NOT DISTINCT("site_id","dan","labassay_id","izvor")
);
--> statement-breakpoint
CREATE TABLE "statistics_sample_sections" (
	"sample_id" uuid NOT NULL,
	"sekcija_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"dan" date NOT NULL,
	"testovi" integer NOT NULL,
	"minuta" double precision,
	CONSTRAINT "statistics_sample_sections_sample_id_sekcija_id_pk" PRIMARY KEY("sample_id","sekcija_id")
);
--> statement-breakpoint
CREATE TABLE "statistics_samples_daily" (
	"site_id" uuid NOT NULL,
	"dan" date NOT NULL,
	"status" text NOT NULL,
	"hitan" boolean NOT NULL,
	"partner_id" uuid,
	"uzorci" integer NOT NULL,
	"testovi" integer NOT NULL,
	CONSTRAINT "statistics_samples_daily_key" UNIQUE NULLS NOT DISTINCT("site_id","dan","status","hitan","partner_id")
);
--> statement-breakpoint
ALTER TABLE "statistics_results_daily" ADD CONSTRAINT "statistics_results_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_sample_sections" ADD CONSTRAINT "statistics_sample_sections_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_samples_daily" ADD CONSTRAINT "statistics_samples_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statistics_sample_sections_range_idx" ON "statistics_sample_sections" USING btree ("site_id","dan","sekcija_id","testovi","minuta");--> statement-breakpoint
CREATE INDEX "samples_urgent_turnaround_idx" ON "samples" USING btree ("site_id","created_at","received_at","verified_at") WHERE "samples"."status" = 'VERIFICIRAN' and "samples"."hitan";--> statement-breakpoint
-- The lab statistics (/statistika, /dashboard) without reading every sample and test of the range: three
-- tables kept by the database in the transaction of every change, whichever code makes it.
-- A day is the site's: (created_at AT TIME ZONE sites.time_zone)::date, the day the statistics cut their
-- ranges by; a change of a site's time zone recounts that site (statistics_recount_site).
-- 1. statistics_samples_daily: samples and tests (samples.test_count, kept by 0016) per site, day, status,
--    urgency and partner, moved after each statement on samples by the difference it made.
-- 2. statistics_sample_sections: per sample and lab section, its tests of the section and the turnaround
--    (reception → verification, minutes) of a verified sample. Rebuilt for the samples a statement touched:
--    tests added or removed, a sample's site, registration, status or times changed, an assay moved to
--    another section. A deleted sample's rows go with it (the foreign key's cascade).
-- 3. statistics_results_daily: results and positive results per site, day, assay and source, moved by the
--    difference each statement on sample_tests made; a sample moved to another site or day moves its
--    results; a deleted sample subtracts its results before its tests go (the cascade that deletes them
--    afterwards finds no sample and changes nothing).
-- A positive result is 'Pozitivan' or 'Pozitivan (grade)' (@lis/domain QUALITATIVE_POSITIVE, the same rule
-- as the result entry's).
CREATE OR REPLACE FUNCTION statistics_recount_sample_sections(sample_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM statistics_sample_sections WHERE sample_id = ANY (sample_ids);
  INSERT INTO statistics_sample_sections (sample_id, sekcija_id, site_id, dan, testovi, minuta)
  SELECT s.id, a.sekcija_id, s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, count(*)::int,
    CASE WHEN s.status = 'VERIFICIRAN' AND s.received_at IS NOT NULL AND s.verified_at IS NOT NULL
      THEN extract(epoch FROM (s.verified_at - s.received_at)) / 60.0 END
  FROM samples s
  JOIN sites si ON si.id = s.site_id
  JOIN sample_tests st ON st.sample_id = s.id
  JOIN lab_assays a ON a.id = st.labassay_id
  WHERE s.id = ANY (sample_ids)
  GROUP BY s.id, a.sekcija_id, si.time_zone;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_recount_site(target_site uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM statistics_samples_daily WHERE site_id = target_site;
  INSERT INTO statistics_samples_daily (site_id, dan, status, hitan, partner_id, uzorci, testovi)
  SELECT s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, s.status, s.hitan, s.partner_id, count(*)::int, sum(s.test_count)::int
  FROM samples s JOIN sites si ON si.id = s.site_id
  WHERE s.site_id = target_site
  GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM statistics_results_daily WHERE site_id = target_site;
  INSERT INTO statistics_results_daily (site_id, dan, labassay_id, izvor, rezultati, pozitivni)
  SELECT s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, st.labassay_id, st.unio_source, count(*)::int,
    (count(*) FILTER (WHERE st.rezultat = 'Pozitivan' OR st.rezultat LIKE 'Pozitivan (%'))::int
  FROM samples s JOIN sites si ON si.id = s.site_id JOIN sample_tests st ON st.sample_id = s.id
  WHERE s.site_id = target_site AND st.rezultat IS NOT NULL
  GROUP BY 1, 2, 3, 4;
  UPDATE statistics_sample_sections AS ss SET dan = (s.created_at AT TIME ZONE si.time_zone)::date
  FROM samples s JOIN sites si ON si.id = s.site_id
  WHERE s.id = ss.sample_id AND ss.site_id = target_site AND ss.dan <> (s.created_at AT TIME ZONE si.time_zone)::date;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION samples_refresh_statistics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_samples_daily AS d (site_id, dan, status, hitan, partner_id, uzorci, testovi)
    SELECT n.site_id, (n.created_at AT TIME ZONE si.time_zone)::date, n.status, n.hitan, n.partner_id, count(*)::int, sum(n.test_count)::int
    FROM inserted_samples n JOIN sites si ON si.id = n.site_id
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT statistics_samples_daily_key
      DO UPDATE SET uzorci = d.uzorci + excluded.uzorci, testovi = d.testovi + excluded.testovi;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_samples_daily AS d (site_id, dan, status, hitan, partner_id, uzorci, testovi)
    SELECT o.site_id, (o.created_at AT TIME ZONE si.time_zone)::date, o.status, o.hitan, o.partner_id, -count(*)::int, -sum(o.test_count)::int
    FROM deleted_samples o JOIN sites si ON si.id = o.site_id
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT statistics_samples_daily_key
      DO UPDATE SET uzorci = d.uzorci + excluded.uzorci, testovi = d.testovi + excluded.testovi;
  ELSE
    -- Most updates (results, notes, the version) change none of the columns the statistics read: they end
    -- here after one comparison, before the three statements below.
    IF NOT EXISTS (
      SELECT id, site_id, created_at, status, hitan, partner_id, test_count, received_at, verified_at FROM inserted_samples
      EXCEPT
      SELECT id, site_id, created_at, status, hitan, partner_id, test_count, received_at, verified_at FROM deleted_samples
    ) THEN
      RETURN NULL;
    END IF;
    INSERT INTO statistics_samples_daily AS d (site_id, dan, status, hitan, partner_id, uzorci, testovi)
    SELECT c.site_id, c.dan, c.status, c.hitan, c.partner_id, sum(c.uzorci)::int, sum(c.testovi)::int
    FROM (
      SELECT o.site_id, (o.created_at AT TIME ZONE si.time_zone)::date AS dan, o.status, o.hitan, o.partner_id,
        -1 AS uzorci, -o.test_count AS testovi
      FROM deleted_samples o JOIN sites si ON si.id = o.site_id
      UNION ALL
      SELECT n.site_id, (n.created_at AT TIME ZONE si.time_zone)::date, n.status, n.hitan, n.partner_id, 1, n.test_count
      FROM inserted_samples n JOIN sites si ON si.id = n.site_id
    ) AS c
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.uzorci) <> 0 OR sum(c.testovi) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT statistics_samples_daily_key
      DO UPDATE SET uzorci = d.uzorci + excluded.uzorci, testovi = d.testovi + excluded.testovi;

    -- The transition tables are compared by set operations, never joined to each other: PL/pgSQL keeps the
    -- plan of a trigger's first (often one-row) statement, and a nested loop of two 20,000-row tables is
    -- quadratic. A sample whose columns changed appears twice in the UNION, an unchanged one once.
    PERFORM statistics_recount_sample_sections(array(
      SELECT c.id FROM (
        SELECT id, site_id, created_at, status, received_at, verified_at FROM inserted_samples
        UNION
        SELECT id, site_id, created_at, status, received_at, verified_at FROM deleted_samples
      ) AS c
      GROUP BY c.id HAVING count(*) > 1));

    -- A sample registered on another day or moved to another site takes its results along: its old key
    -- (side -1) and its new key (side 1) differ.
    WITH keyed AS (
      SELECT n.id, n.site_id, (n.created_at AT TIME ZONE si.time_zone)::date AS dan, 1 AS side
      FROM inserted_samples n JOIN sites si ON si.id = n.site_id
      UNION ALL
      SELECT o.id, o.site_id, (o.created_at AT TIME ZONE si.time_zone)::date, -1
      FROM deleted_samples o JOIN sites si ON si.id = o.site_id
    ), flagged AS (
      SELECT k.*, min(k.site_id::text || k.dan::text) OVER w <> max(k.site_id::text || k.dan::text) OVER w AS moved
      FROM keyed k WINDOW w AS (PARTITION BY k.id)
    )
    INSERT INTO statistics_results_daily AS r (site_id, dan, labassay_id, izvor, rezultati, pozitivni)
    SELECT f.site_id, f.dan, st.labassay_id, st.unio_source, sum(f.side)::int,
      sum(f.side * (st.rezultat = 'Pozitivan' OR st.rezultat LIKE 'Pozitivan (%')::int)::int
    FROM flagged f JOIN sample_tests st ON st.sample_id = f.id
    WHERE f.moved AND st.rezultat IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_results_daily_key
      DO UPDATE SET rezultati = r.rezultati + excluded.rezultati, pozitivni = r.pozitivni + excluded.pozitivni;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION samples_statistics_before_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO statistics_results_daily AS r (site_id, dan, labassay_id, izvor, rezultati, pozitivni)
  SELECT OLD.site_id, (OLD.created_at AT TIME ZONE si.time_zone)::date, st.labassay_id, st.unio_source, -count(*)::int,
    -(count(*) FILTER (WHERE st.rezultat = 'Pozitivan' OR st.rezultat LIKE 'Pozitivan (%'))::int
  FROM sample_tests st JOIN sites si ON si.id = OLD.site_id
  WHERE st.sample_id = OLD.id AND st.rezultat IS NOT NULL
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT statistics_results_daily_key
    DO UPDATE SET rezultati = r.rezultati + excluded.rezultati, pozitivni = r.pozitivni + excluded.pozitivni;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sample_tests_refresh_statistics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM statistics_recount_sample_sections(array(SELECT DISTINCT sample_id FROM inserted_tests));
    INSERT INTO statistics_results_daily AS r (site_id, dan, labassay_id, izvor, rezultati, pozitivni)
    SELECT s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, n.labassay_id, n.unio_source, count(*)::int,
      (count(*) FILTER (WHERE n.rezultat = 'Pozitivan' OR n.rezultat LIKE 'Pozitivan (%'))::int
    FROM inserted_tests n JOIN samples s ON s.id = n.sample_id JOIN sites si ON si.id = s.site_id
    WHERE n.rezultat IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_results_daily_key
      DO UPDATE SET rezultati = r.rezultati + excluded.rezultati, pozitivni = r.pozitivni + excluded.pozitivni;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM statistics_recount_sample_sections(array(SELECT DISTINCT sample_id FROM deleted_tests));
    INSERT INTO statistics_results_daily AS r (site_id, dan, labassay_id, izvor, rezultati, pozitivni)
    SELECT s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, o.labassay_id, o.unio_source, -count(*)::int,
      -(count(*) FILTER (WHERE o.rezultat = 'Pozitivan' OR o.rezultat LIKE 'Pozitivan (%'))::int
    FROM deleted_tests o JOIN samples s ON s.id = o.sample_id JOIN sites si ON si.id = s.site_id
    WHERE o.rezultat IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_results_daily_key
      DO UPDATE SET rezultati = r.rezultati + excluded.rezultati, pozitivni = r.pozitivni + excluded.pozitivni;
  ELSE
    -- An update of nothing the statistics read (flags, notes, who entered) ends after one comparison.
    IF NOT EXISTS (
      SELECT id, sample_id, labassay_id, unio_source, rezultat FROM inserted_tests
      EXCEPT
      SELECT id, sample_id, labassay_id, unio_source, rezultat FROM deleted_tests
    ) THEN
      RETURN NULL;
    END IF;
    -- Saving results changes no test's sample or assay: the sections are rebuilt only when one did.
    PERFORM statistics_recount_sample_sections(array(
      SELECT DISTINCT changed.sample_id FROM (
        (SELECT sample_id, labassay_id FROM inserted_tests EXCEPT ALL SELECT sample_id, labassay_id FROM deleted_tests)
        UNION ALL
        (SELECT sample_id, labassay_id FROM deleted_tests EXCEPT ALL SELECT sample_id, labassay_id FROM inserted_tests)
      ) AS changed));
    INSERT INTO statistics_results_daily AS r (site_id, dan, labassay_id, izvor, rezultati, pozitivni)
    SELECT s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, c.labassay_id, c.izvor, sum(c.rezultati)::int, sum(c.pozitivni)::int
    FROM (
      SELECT sample_id, labassay_id, unio_source AS izvor, -1 AS rezultati,
        -(rezultat = 'Pozitivan' OR rezultat LIKE 'Pozitivan (%')::int AS pozitivni
      FROM deleted_tests WHERE rezultat IS NOT NULL
      UNION ALL
      SELECT sample_id, labassay_id, unio_source, 1, (rezultat = 'Pozitivan' OR rezultat LIKE 'Pozitivan (%')::int
      FROM inserted_tests WHERE rezultat IS NOT NULL
    ) AS c
    JOIN samples s ON s.id = c.sample_id JOIN sites si ON si.id = s.site_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.rezultati) <> 0 OR sum(c.pozitivni) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_results_daily_key
      DO UPDATE SET rezultati = r.rezultati + excluded.rezultati, pozitivni = r.pozitivni + excluded.pozitivni;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lab_assays_refresh_statistics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An assay moved to another section moves its samples' section rows (rare: a catalogue decision).
  PERFORM statistics_recount_sample_sections(array(
    SELECT DISTINCT st.sample_id FROM sample_tests st
    WHERE st.labassay_id IN (
      SELECT c.id FROM (SELECT id, sekcija_id FROM new_assays UNION SELECT id, sekcija_id FROM old_assays) AS c
      GROUP BY c.id HAVING count(*) > 1)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sites_refresh_statistics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Another time zone cuts the site's days elsewhere: its rows are counted again.
  PERFORM statistics_recount_site(n.id)
  FROM new_sites n JOIN old_sites o ON o.id = n.id
  WHERE n.time_zone <> o.time_zone;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Samples, tests and results registered before this migration.
SELECT statistics_recount_site(id) FROM sites;
--> statement-breakpoint
INSERT INTO statistics_sample_sections (sample_id, sekcija_id, site_id, dan, testovi, minuta)
SELECT s.id, a.sekcija_id, s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, count(*)::int,
  CASE WHEN s.status = 'VERIFICIRAN' AND s.received_at IS NOT NULL AND s.verified_at IS NOT NULL
    THEN extract(epoch FROM (s.verified_at - s.received_at)) / 60.0 END
FROM samples s
JOIN sites si ON si.id = s.site_id
JOIN sample_tests st ON st.sample_id = s.id
JOIN lab_assays a ON a.id = st.labassay_id
GROUP BY s.id, a.sekcija_id, si.time_zone;
--> statement-breakpoint
CREATE TRIGGER samples_statistics_insert AFTER INSERT ON samples
  REFERENCING NEW TABLE AS inserted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_statistics();
--> statement-breakpoint
CREATE TRIGGER samples_statistics_delete AFTER DELETE ON samples
  REFERENCING OLD TABLE AS deleted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_statistics();
--> statement-breakpoint
CREATE TRIGGER samples_statistics_update AFTER UPDATE ON samples
  REFERENCING OLD TABLE AS deleted_samples NEW TABLE AS inserted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_statistics();
--> statement-breakpoint
CREATE TRIGGER samples_statistics_before_delete BEFORE DELETE ON samples
  FOR EACH ROW EXECUTE FUNCTION samples_statistics_before_delete();
--> statement-breakpoint
CREATE TRIGGER sample_tests_statistics_insert AFTER INSERT ON sample_tests
  REFERENCING NEW TABLE AS inserted_tests FOR EACH STATEMENT EXECUTE FUNCTION sample_tests_refresh_statistics();
--> statement-breakpoint
CREATE TRIGGER sample_tests_statistics_delete AFTER DELETE ON sample_tests
  REFERENCING OLD TABLE AS deleted_tests FOR EACH STATEMENT EXECUTE FUNCTION sample_tests_refresh_statistics();
--> statement-breakpoint
CREATE TRIGGER sample_tests_statistics_update AFTER UPDATE ON sample_tests
  REFERENCING OLD TABLE AS deleted_tests NEW TABLE AS inserted_tests FOR EACH STATEMENT EXECUTE FUNCTION sample_tests_refresh_statistics();
--> statement-breakpoint
CREATE TRIGGER lab_assays_statistics_update AFTER UPDATE ON lab_assays
  REFERENCING OLD TABLE AS old_assays NEW TABLE AS new_assays FOR EACH STATEMENT EXECUTE FUNCTION lab_assays_refresh_statistics();
--> statement-breakpoint
CREATE TRIGGER sites_statistics_update AFTER UPDATE ON sites
  REFERENCING OLD TABLE AS old_sites NEW TABLE AS new_sites FOR EACH STATEMENT EXECUTE FUNCTION sites_refresh_statistics();
