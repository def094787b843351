/**
 * What other features may use of the autoverification: the note on the result entry naming the conditions a
 * sample's results failed, and the mark of a result released with its section. The settings screen is lazy-loaded by app/routes.tsx and not exported here.
 */
export { JudgementNote, type JudgementNoteProps } from './JudgementNote.tsx';
export { ReleasedBadge } from './ReleasedBadge.tsx';
