export * from './product.ts';
export * from './stock.ts';
export * from './orders.ts';
export * from './contracts.ts';
export * from './supply-contracts.ts';
