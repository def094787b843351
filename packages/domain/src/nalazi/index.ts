export * from './languages.ts';
export * from './labels.ts';
export * from './content.ts';
export * from './contracts.ts';
export * from './frozen.ts';
export * from './verification.ts';
export * from './cumulative.ts';
