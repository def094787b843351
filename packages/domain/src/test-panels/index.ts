export * from './panels.ts';
export * from './contracts.ts';
