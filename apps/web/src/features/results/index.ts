/**
 * What other features may use of results: the address of a sample's result
 * entry, the status action icons of a sample row (processing list), and the
 * comment and audit-trail dialogs of a sample. The result entry screen itself
 * is loaded by app/routes.tsx on its own, so it is not exported here (code
 * splitting): link to it with resultEntryPath.
 */
export { ResultRowActions, type ResultRowActionsProps } from './ResultRowActions.tsx';
export { CommentDialog, type CommentDialogProps } from './CommentDialog.tsx';
export { AuditTrailDialog, type AuditTrailDialogProps } from './AuditTrailDialog.tsx';
export { resultEntryPath } from './sample-day.ts';
