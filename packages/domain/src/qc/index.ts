export * from './westgard.ts';
export * from './statistics.ts';
export * from './contracts.ts';
export * from './hold.ts';
export * from './source.ts';
