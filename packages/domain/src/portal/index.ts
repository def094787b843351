export * from './code.ts';
export * from './trends.ts';
export * from './contracts.ts';
