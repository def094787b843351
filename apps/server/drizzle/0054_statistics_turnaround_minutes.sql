CREATE TABLE "statistics_sections_daily" (
	"site_id" uuid NOT NULL,
	"dan" date NOT NULL,
	"sekcija_id" uuid NOT NULL,
	"minuta" integer,
	"uzorci" integer NOT NULL,
	"testovi" integer NOT NULL,
	CONSTRAINT "statistics_sections_daily_key" UNIQUE NULLS NOT DISTINCT("site_id","dan","sekcija_id","minuta")
);
--> statement-breakpoint
CREATE TABLE "statistics_turnaround_daily" (
	"site_id" uuid NOT NULL,
	"dan" date NOT NULL,
	"hitan" boolean NOT NULL,
	"minuta" integer NOT NULL,
	"uzorci" integer NOT NULL,
	CONSTRAINT "statistics_turnaround_daily_key" UNIQUE("site_id","dan","hitan","minuta")
);
--> statement-breakpoint
DROP INDEX "samples_urgent_turnaround_idx";--> statement-breakpoint
ALTER TABLE "statistics_sections_daily" ADD CONSTRAINT "statistics_sections_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_turnaround_daily" ADD CONSTRAINT "statistics_turnaround_daily_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The turnaround (reception → verification) as counts per whole minute, rounded up, so that /statistika over
-- a month of a busy site adds a few thousand counts instead of sorting one row per sample (250,000 a month at
-- 7,000 samples a day): the median and 90th percentile come from the cumulative counts, exact to the minute,
-- and "within a target of T minutes" is exact for whole-minute targets.
-- 1. statistics_sections_daily: samples and tests per site, day, lab section and turnaround minute (null: not
--    measured), moved by the triggers below by the difference each statement on statistics_sample_sections
--    made (its rows are rebuilt for every sample a change touches, and re-dated when a site's time zone changes).
-- 2. statistics_turnaround_daily: measured samples per site, day, urgency and turnaround minute, moved by the
--    difference each statement on samples made; a change of a site's time zone recounts that site.
-- The rows are added in key order, as the other statistics tables' are, so two transactions that share a day
-- wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION statistics_sample_sections_refresh_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_sections_daily AS d (site_id, dan, sekcija_id, minuta, uzorci, testovi)
    SELECT n.site_id, n.dan, n.sekcija_id, ceil(n.minuta)::int, count(*)::int, sum(n.testovi)::int
    FROM inserted_sections n
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_sections_daily_key
      DO UPDATE SET uzorci = d.uzorci + excluded.uzorci, testovi = d.testovi + excluded.testovi;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_sections_daily AS d (site_id, dan, sekcija_id, minuta, uzorci, testovi)
    SELECT o.site_id, o.dan, o.sekcija_id, ceil(o.minuta)::int, -count(*)::int, -sum(o.testovi)::int
    FROM deleted_sections o
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_sections_daily_key
      DO UPDATE SET uzorci = d.uzorci + excluded.uzorci, testovi = d.testovi + excluded.testovi;
  ELSE
    INSERT INTO statistics_sections_daily AS d (site_id, dan, sekcija_id, minuta, uzorci, testovi)
    SELECT c.site_id, c.dan, c.sekcija_id, c.minuta, sum(c.uzorci)::int, sum(c.testovi)::int
    FROM (
      SELECT o.site_id, o.dan, o.sekcija_id, ceil(o.minuta)::int AS minuta, -1 AS uzorci, -o.testovi AS testovi FROM deleted_sections o
      UNION ALL
      SELECT n.site_id, n.dan, n.sekcija_id, ceil(n.minuta)::int, 1, n.testovi FROM inserted_sections n
    ) AS c
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.uzorci) <> 0 OR sum(c.testovi) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_sections_daily_key
      DO UPDATE SET uzorci = d.uzorci + excluded.uzorci, testovi = d.testovi + excluded.testovi;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION samples_refresh_turnaround() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_turnaround_daily AS t (site_id, dan, hitan, minuta, uzorci)
    SELECT n.site_id, (n.created_at AT TIME ZONE si.time_zone)::date, n.hitan,
      ceil(extract(epoch FROM (n.verified_at - n.received_at)) / 60.0)::int, count(*)::int
    FROM inserted_samples n JOIN sites si ON si.id = n.site_id
    WHERE n.status = 'VERIFICIRAN' AND n.received_at IS NOT NULL AND n.verified_at IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_turnaround_daily_key DO UPDATE SET uzorci = t.uzorci + excluded.uzorci;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_turnaround_daily AS t (site_id, dan, hitan, minuta, uzorci)
    SELECT o.site_id, (o.created_at AT TIME ZONE si.time_zone)::date, o.hitan,
      ceil(extract(epoch FROM (o.verified_at - o.received_at)) / 60.0)::int, -count(*)::int
    FROM deleted_samples o JOIN sites si ON si.id = o.site_id
    WHERE o.status = 'VERIFICIRAN' AND o.received_at IS NOT NULL AND o.verified_at IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_turnaround_daily_key DO UPDATE SET uzorci = t.uzorci + excluded.uzorci;
  ELSE
    -- Most updates (results, notes, the version) change nothing the turnaround reads: one comparison.
    IF NOT EXISTS (
      SELECT id, site_id, created_at, status, hitan, received_at, verified_at FROM inserted_samples
      EXCEPT
      SELECT id, site_id, created_at, status, hitan, received_at, verified_at FROM deleted_samples
    ) THEN
      RETURN NULL;
    END IF;
    INSERT INTO statistics_turnaround_daily AS t (site_id, dan, hitan, minuta, uzorci)
    SELECT c.site_id, c.dan, c.hitan, c.minuta, sum(c.uzorci)::int
    FROM (
      SELECT o.site_id, (o.created_at AT TIME ZONE si.time_zone)::date AS dan, o.hitan,
        ceil(extract(epoch FROM (o.verified_at - o.received_at)) / 60.0)::int AS minuta, -1 AS uzorci
      FROM deleted_samples o JOIN sites si ON si.id = o.site_id
      WHERE o.status = 'VERIFICIRAN' AND o.received_at IS NOT NULL AND o.verified_at IS NOT NULL
      UNION ALL
      SELECT n.site_id, (n.created_at AT TIME ZONE si.time_zone)::date, n.hitan,
        ceil(extract(epoch FROM (n.verified_at - n.received_at)) / 60.0)::int, 1
      FROM inserted_samples n JOIN sites si ON si.id = n.site_id
      WHERE n.status = 'VERIFICIRAN' AND n.received_at IS NOT NULL AND n.verified_at IS NOT NULL
    ) AS c
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.uzorci) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT statistics_turnaround_daily_key DO UPDATE SET uzorci = t.uzorci + excluded.uzorci;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The site's time zone changed: statistics_recount_site re-dates its statistics_sample_sections rows (whose
-- triggers move the section counts) and now recounts its turnaround per minute too.
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
  DELETE FROM statistics_turnaround_daily WHERE site_id = target_site;
  INSERT INTO statistics_turnaround_daily (site_id, dan, hitan, minuta, uzorci)
  SELECT s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, s.hitan,
    ceil(extract(epoch FROM (s.verified_at - s.received_at)) / 60.0)::int, count(*)::int
  FROM samples s JOIN sites si ON si.id = s.site_id
  WHERE s.site_id = target_site AND s.status = 'VERIFICIRAN' AND s.received_at IS NOT NULL AND s.verified_at IS NOT NULL
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
-- The triggers first: creating one locks its table against writes until this migration commits, so the
-- counts below are taken of rows no other session changes meanwhile.
CREATE TRIGGER statistics_sample_sections_daily_insert AFTER INSERT ON statistics_sample_sections
  REFERENCING NEW TABLE AS inserted_sections FOR EACH STATEMENT EXECUTE FUNCTION statistics_sample_sections_refresh_daily();
--> statement-breakpoint
CREATE TRIGGER statistics_sample_sections_daily_delete AFTER DELETE ON statistics_sample_sections
  REFERENCING OLD TABLE AS deleted_sections FOR EACH STATEMENT EXECUTE FUNCTION statistics_sample_sections_refresh_daily();
--> statement-breakpoint
CREATE TRIGGER statistics_sample_sections_daily_update AFTER UPDATE ON statistics_sample_sections
  REFERENCING OLD TABLE AS deleted_sections NEW TABLE AS inserted_sections FOR EACH STATEMENT EXECUTE FUNCTION statistics_sample_sections_refresh_daily();
--> statement-breakpoint
CREATE TRIGGER samples_turnaround_insert AFTER INSERT ON samples
  REFERENCING NEW TABLE AS inserted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_turnaround();
--> statement-breakpoint
CREATE TRIGGER samples_turnaround_delete AFTER DELETE ON samples
  REFERENCING OLD TABLE AS deleted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_turnaround();
--> statement-breakpoint
CREATE TRIGGER samples_turnaround_update AFTER UPDATE ON samples
  REFERENCING OLD TABLE AS deleted_samples NEW TABLE AS inserted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_turnaround();
--> statement-breakpoint
-- The samples and sections there already.
INSERT INTO statistics_sections_daily (site_id, dan, sekcija_id, minuta, uzorci, testovi)
SELECT site_id, dan, sekcija_id, ceil(minuta)::int, count(*)::int, sum(testovi)::int
FROM statistics_sample_sections
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO statistics_turnaround_daily (site_id, dan, hitan, minuta, uzorci)
SELECT s.site_id, (s.created_at AT TIME ZONE si.time_zone)::date, s.hitan,
  ceil(extract(epoch FROM (s.verified_at - s.received_at)) / 60.0)::int, count(*)::int
FROM samples s JOIN sites si ON si.id = s.site_id
WHERE s.status = 'VERIFICIRAN' AND s.received_at IS NOT NULL AND s.verified_at IS NOT NULL
GROUP BY 1, 2, 3, 4;
