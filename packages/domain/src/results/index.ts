export * from './progress.ts';
export * from './delta.ts';
