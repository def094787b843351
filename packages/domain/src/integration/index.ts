export * from './analyser.ts';
export * from './contracts.ts';
export * from './answers.ts';
