export * from './files.ts';
export * from './rules.ts';
export * from './contracts.ts';
