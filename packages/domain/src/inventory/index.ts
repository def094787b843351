export * from './product.ts';
export * from './stock.ts';
export * from './contracts.ts';
