export * from './progress.ts';
