import type { TFunction } from 'i18next';
import type { ReflexNote } from '@lis/domain';

/** A results save's note on a fired reflex rule as one line: the test added, or why it was not. */
export function reflexNoteText(t: TFunction, note: ReflexNote, testName: string): string {
  return note.dodan || note.razlog === null
    ? t('reflex.added', { test: testName })
    : t('reflex.skipped', { test: testName, reason: t(`reflex.reasons.${note.razlog}`) });
}
