/**
 * The integration screens (/analysers, /integracija/pregled, /integracija/postavke) are lazy-loaded by
 * app/routes.tsx and not exported here. The analyser assay table is, for /assays (catalogue), which shows
 * it beside the lab assay table.
 */
export { AnalyserAssayTable } from './AnalyserAssayTable.tsx';
/** The site's analysers and their query key, for quality control's target editor (a target may name an analyser). */
export { analysers as siteAnalysers, integrationKeys } from './api.ts';
