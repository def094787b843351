/**
 * What other features may use of the outbox: the address of its list, so a
 * screen that queues mail can reload it. The screens themselves are loaded by
 * app/routes.tsx on their own (code splitting).
 */
export { OUTBOX_LIST, type OutboxRow } from './api.ts';
