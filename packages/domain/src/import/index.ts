export * from './upload.ts';
export * from './rows.ts';
export * from './contracts.ts';
