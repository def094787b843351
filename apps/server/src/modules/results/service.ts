// The results module's calls, as the routes import them: the result screen (show.ts), saving results
// (save.ts), approval and verification (transitions.ts) and a sample's audit trail (audit-trail.ts).
export { show } from './show.ts';
export { save, type StatusAnswer } from './save.ts';
export { approve, unapprove, unverify, verify } from './transitions.ts';
export { auditTrail } from './audit-trail.ts';
