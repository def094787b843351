/**
 * What other features may use of the pro-forma invoice: the sample table
 * dialog's choice of samples for it, and the invoice screen's address. The
 * screen itself is loaded by app/routes.tsx on its own (code splitting).
 */
export { InvoiceChoice } from './InvoiceChoice.tsx';
export { invoicePath } from './api.ts';
