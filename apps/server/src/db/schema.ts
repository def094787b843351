/**
 * Every table of the lab, gathered for drizzle-kit (drizzle.config.ts reads this file to generate the
 * migrations) and for the db/ layer (the client's relational schema, seeds, backup). Application code does
 * not import it: each table is defined by the module that owns it (`modules/<module>/tables.ts`), and the
 * tables every module shares (sites, users, audit, settings, ...) are in `db/shared-tables.ts`. A module's
 * repository imports only its own tables and the shared ones (eslint-rules/boundaries.js).
 */
export * from './columns.ts';
export * from './shared-tables.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/catalogue/tables.ts';
export * from '../modules/sample-types/tables.ts';
export * from '../modules/patients/tables.ts';
export * from '../modules/samples/tables.ts';
export * from '../modules/izvjestaji/tables.ts';
export * from '../modules/statistics/tables.ts';
export * from '../modules/reports/tables.ts';
export * from '../modules/outbox/tables.ts';
export * from '../modules/logger/tables.ts';
export * from '../modules/inventory/tables.ts';
export * from '../modules/integration/tables.ts';
export * from '../modules/partners/tables.ts';
export * from '../modules/chat/tables.ts';
export * from '../modules/microbiology/tables.ts';
export * from '../modules/qc/tables.ts';
export * from '../modules/autoverification/tables.ts';
export * from '../modules/reflex/tables.ts';
export * from '../modules/test-panels/tables.ts';
export * from '../modules/fhir/tables.ts';
export * from '../modules/hl7/tables.ts';
