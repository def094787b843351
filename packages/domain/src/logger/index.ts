export * from './refrigerator.ts';
export * from './readings.ts';
export * from './alarms.ts';
export * from './contracts.ts';
