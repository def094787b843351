export * from './progress.ts';
export * from './delta.ts';
export * from './result-kind.ts';
export * from './verification.ts';
export * from './contracts.ts';
export * from './processing-contracts.ts';
export * from './calculated.ts';
export * from './audit-actions.ts';
