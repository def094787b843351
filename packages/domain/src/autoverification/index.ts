export * from './rules.ts';
export * from './judgement.ts';
export * from './contracts.ts';
