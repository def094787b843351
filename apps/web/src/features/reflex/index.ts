/**
 * What other features may use of reflex testing: the 'Refleks' badge of a test a rule added, and the lines a results
 * save's notes become. The settings screen is lazy-loaded by app/routes.tsx and not exported here.
 */
export { ReflexBadge } from './ReflexBadge.tsx';
export { reflexNoteText } from './notes.ts';
