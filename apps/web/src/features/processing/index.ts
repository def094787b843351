/**
 * What other features may use of processing: the addresses of its lists, so
 * a screen that changes samples can reload them (invalidateList). The screens
 * themselves are loaded by app/routes.tsx on their own (code splitting).
 */
export { PROCESSING_LIST, PROTOCOL_LIST, type ProcessingRow } from './api.ts';
