CREATE TABLE "sample_totals_by_quarter_hour" (
	"site_id" uuid NOT NULL,
	"quarter_hour" timestamp with time zone NOT NULL,
	"uzoraka" integer NOT NULL,
	"testova" integer NOT NULL,
	"iznos" numeric(14, 2) NOT NULL,
	CONSTRAINT "sample_totals_by_quarter_hour_site_id_quarter_hour_pk" PRIMARY KEY("site_id","quarter_hour")
);
--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "test_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "price_total" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sample_totals_by_quarter_hour" ADD CONSTRAINT "sample_totals_by_quarter_hour_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Finances per day ('fpodanu' in Izvještaji) without reading every sample and test of the range. Two levels,
-- both kept by the database in the transaction of the change, whichever code makes it:
-- 1. samples.test_count and samples.price_total: a sample's tests and their price (a calculated test's
--    components, component_of set, at 0), moved after each statement on sample_tests by the difference it
--    made per sample (statement triggers with transition tables, so a bulk insert writes each sample once,
--    and saving results, which changes neither, writes no sample).
-- 2. sample_totals_by_quarter_hour: samples, tests and price per site and quarter hour of registration,
--    moved after each statement on samples by the difference it made per quarter hour. A sample deleted
--    takes its totals with it (its tests, deleted by the cascade afterwards, find no sample to change).
-- Quarter hours in UTC, not days: a day is the site's, in a time zone that may change, and every time
-- zone's day starts on a quarter hour.
CREATE OR REPLACE FUNCTION sample_tests_refresh_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE samples AS s SET test_count = s.test_count + d.tests, price_total = s.price_total + d.price
    FROM (
      SELECT sample_id, count(*)::int AS tests, coalesce(sum(price) FILTER (WHERE component_of IS NULL), 0) AS price
      FROM inserted_tests GROUP BY sample_id
    ) AS d
    WHERE s.id = d.sample_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE samples AS s SET test_count = s.test_count - d.tests, price_total = s.price_total - d.price
    FROM (
      SELECT sample_id, count(*)::int AS tests, coalesce(sum(price) FILTER (WHERE component_of IS NULL), 0) AS price
      FROM deleted_tests GROUP BY sample_id
    ) AS d
    WHERE s.id = d.sample_id;
  ELSE
    UPDATE samples AS s SET test_count = s.test_count + d.tests, price_total = s.price_total + d.price
    FROM (
      SELECT change.sample_id, sum(change.tests)::int AS tests, sum(change.price) AS price
      FROM (
        SELECT sample_id, 1 AS tests, CASE WHEN component_of IS NULL THEN price ELSE 0 END AS price FROM inserted_tests
        UNION ALL
        SELECT sample_id, -1, CASE WHEN component_of IS NULL THEN -price ELSE 0 END FROM deleted_tests
      ) AS change
      GROUP BY change.sample_id
      HAVING sum(change.tests) <> 0 OR sum(change.price) <> 0
    ) AS d
    WHERE s.id = d.sample_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION samples_refresh_quarter_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sample_totals_by_quarter_hour AS q (site_id, quarter_hour, uzoraka, testova, iznos)
    SELECT site_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), count(*)::int, sum(test_count)::int, sum(price_total)
    FROM inserted_samples GROUP BY 1, 2
    ON CONFLICT (site_id, quarter_hour) DO UPDATE
      SET uzoraka = q.uzoraka + excluded.uzoraka, testova = q.testova + excluded.testova, iznos = q.iznos + excluded.iznos;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sample_totals_by_quarter_hour AS q (site_id, quarter_hour, uzoraka, testova, iznos)
    SELECT site_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), -count(*)::int, -sum(test_count)::int, -sum(price_total)
    FROM deleted_samples GROUP BY 1, 2
    ON CONFLICT (site_id, quarter_hour) DO UPDATE
      SET uzoraka = q.uzoraka + excluded.uzoraka, testova = q.testova + excluded.testova, iznos = q.iznos + excluded.iznos;
  ELSE
    -- Most updates (status, results, notes) change none of the three: nothing is written then.
    INSERT INTO sample_totals_by_quarter_hour AS q (site_id, quarter_hour, uzoraka, testova, iznos)
    SELECT change.site_id, change.quarter_hour, sum(change.uzoraka)::int, sum(change.testova)::int, sum(change.iznos)
    FROM (
      SELECT site_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') AS quarter_hour,
        -1 AS uzoraka, -test_count AS testova, -price_total AS iznos
      FROM deleted_samples
      UNION ALL
      SELECT site_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), 1, test_count, price_total
      FROM inserted_samples
    ) AS change
    GROUP BY change.site_id, change.quarter_hour
    HAVING sum(change.uzoraka) <> 0 OR sum(change.testova) <> 0 OR sum(change.iznos) <> 0
    ON CONFLICT (site_id, quarter_hour) DO UPDATE
      SET uzoraka = q.uzoraka + excluded.uzoraka, testova = q.testova + excluded.testova, iznos = q.iznos + excluded.iznos;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Samples and tests registered before this migration.
UPDATE samples AS s SET test_count = t.tests, price_total = t.price
FROM (
  SELECT sample_id, count(*)::int AS tests, coalesce(sum(price) FILTER (WHERE component_of IS NULL), 0) AS price
  FROM sample_tests GROUP BY sample_id
) AS t
WHERE s.id = t.sample_id;
--> statement-breakpoint
INSERT INTO sample_totals_by_quarter_hour (site_id, quarter_hour, uzoraka, testova, iznos)
SELECT site_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), count(*)::int, sum(test_count)::int, sum(price_total)
FROM samples GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER sample_tests_totals_insert AFTER INSERT ON sample_tests
  REFERENCING NEW TABLE AS inserted_tests FOR EACH STATEMENT EXECUTE FUNCTION sample_tests_refresh_totals();
--> statement-breakpoint
CREATE TRIGGER sample_tests_totals_delete AFTER DELETE ON sample_tests
  REFERENCING OLD TABLE AS deleted_tests FOR EACH STATEMENT EXECUTE FUNCTION sample_tests_refresh_totals();
--> statement-breakpoint
CREATE TRIGGER sample_tests_totals_update AFTER UPDATE ON sample_tests
  REFERENCING OLD TABLE AS deleted_tests NEW TABLE AS inserted_tests FOR EACH STATEMENT EXECUTE FUNCTION sample_tests_refresh_totals();
--> statement-breakpoint
CREATE TRIGGER samples_quarter_totals_insert AFTER INSERT ON samples
  REFERENCING NEW TABLE AS inserted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_quarter_totals();
--> statement-breakpoint
CREATE TRIGGER samples_quarter_totals_delete AFTER DELETE ON samples
  REFERENCING OLD TABLE AS deleted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_quarter_totals();
--> statement-breakpoint
CREATE TRIGGER samples_quarter_totals_update AFTER UPDATE ON samples
  REFERENCING OLD TABLE AS deleted_samples NEW TABLE AS inserted_samples FOR EACH STATEMENT EXECUTE FUNCTION samples_refresh_quarter_totals();
