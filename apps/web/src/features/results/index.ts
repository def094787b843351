/**
 * What other features may use of results: the result entry screen and its
 * address, the status action icons of a sample row (processing list), and the
 * comment and audit-trail dialogs of a sample.
 *
 * ResultEntryScreen is exported for screens that embed it; app/routes.tsx
 * lazy-loads it from its own file, so the route keeps its own chunk.
 */
export { ResultEntryScreen } from './ResultEntryScreen.tsx';
export { ResultRowActions, type ResultRowActionsProps } from './ResultRowActions.tsx';
export { CommentDialog, type CommentDialogProps } from './CommentDialog.tsx';
export { AuditTrailDialog, type AuditTrailDialogProps } from './AuditTrailDialog.tsx';
export { resultEntryPath } from './sample-day.ts';
