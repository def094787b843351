export * from './status.ts';
export * from './actions.ts';
export * from './code.ts';
export * from './test-picker.ts';
export * from './contracts.ts';
export * from './label.ts';
export * from './sample-types.ts';
export * from './serial-number.ts';
