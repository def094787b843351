export * from './analyser.ts';
export * from './contracts.ts';
