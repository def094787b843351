export * from './ast-value.ts';
export * from './interpretation.ts';
export * from './expert-rules.ts';
export * from './reference-data.ts';
export * from './culture.ts';
export * from './contracts.ts';
export * from './report.ts';
