/**
 * What other features may use of the result reports: opening a sample's
 * report PDF in a new tab (the processing lists' 'pdf' row action) and the
 * address of its report view. The screens themselves are loaded by
 * app/routes.tsx on their own (code splitting).
 */
export { openReportPdf, reportViewPath } from './api.ts';
