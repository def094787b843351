export * from './range-rules.ts';
export * from './records.ts';
export * from './lab-assay.ts';
export * from './contracts.ts';
export * from './names.ts';
export * from './loinc.ts';
