export * from './contracts.ts';
export * from './definitions.ts';
export * from './town.ts';
