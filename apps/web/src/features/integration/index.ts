/**
 * The integration screens (/analysers, /integracija/pregled, /integracija/postavke) are lazy-loaded by
 * app/routes.tsx and not exported here. The analyser assay table is, for /assays (catalogue), which shows
 * it beside the lab assay table.
 */
export { AnalyserAssayTable } from './AnalyserAssayTable.tsx';
