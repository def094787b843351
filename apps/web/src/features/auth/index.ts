/**
 * What other features may use of auth: the signed-in session of the screen.
 * Everything else in this folder is auth's own; the login page and the shell's
 * session actions are wired in by app/, the composition root.
 */
export { type ActiveSession, refreshSites, useActiveSession } from './session.ts';
