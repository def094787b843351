export * from './delivery.ts';
export * from './mail-texts.ts';
export * from './contracts.ts';
export * from './hl7-contracts.ts';
