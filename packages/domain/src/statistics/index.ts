export * from './contracts.ts';
export * from './turnaround.ts';
