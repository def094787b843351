export * from './contracts.ts';
export * from './invoice.ts';
