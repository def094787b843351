export * from './rounding.ts';
export * from './named-formulas.ts';
export * from './formula.ts';
export * from './reference-ranges.ts';
export * from './result-flags.ts';
export * from './reference-range-text.ts';
export * from './result-text.ts';
export * from './standard-answers.ts';
