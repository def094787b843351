-- The patient search ('Pretraga': each word a prefix of the surname, the name, the JMBG or their folded forms)
-- is planned from the statistics of its five lower(...) text_pattern_ops indexes. With the default 100
-- histogram buckets a prefix is estimated at no fewer than about 1 % of patients: at 2.5 M patients a JMBG's
-- birth date (some 120 patients) was estimated at 22,500, so the planner walked the registration-time index
-- backwards for the newest 15 and read a third of the table, 3.6 s a call. A thousand buckets estimate such
-- prefixes near their true size, and the planner takes the matching rows from the indexes and sorts them.
ALTER INDEX "patients_jmbg_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "patients_prezime_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "patients_ime_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "patients_prezime_fold_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "patients_ime_fold_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
-- Now, not at autovacuum's next analysis of the table (after a tenth of its rows change: months in a big lab).
ANALYZE "patients";
