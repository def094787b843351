export * from './permissions.ts';
export * from './menu.ts';
export * from './messages.ts';
export * from './password.ts';
export * from './date-range.ts';
export * from './list-query.ts';
export * from './site-switch.ts';
export * from './time-zone.ts';
