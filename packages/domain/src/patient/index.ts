export * from './personal-id.ts';
export * from './age.ts';
export * from './symptoms.ts';
export * from './intake.ts';
export * from './contracts.ts';
