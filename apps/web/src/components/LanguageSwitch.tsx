/**
 * The language switch of the pages outside the staff shell (the report verification page, the patient portal):
 * each language named in itself, so a reader finds theirs whatever the page shows now.
 */
import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '@lis/domain';
import { applyLanguage, useLanguage } from '../i18n/index.ts';

const LANGUAGE_LABELS: Record<Language, string> = { bs: 'Bosanski', en: 'English', de: 'Deutsch' };

export function LanguageSwitch({ label }: { label: string }) {
  const language = useLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={label}
      value={language}
      onChange={(value) => applyLanguage(value)}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_LABELS[code] }))}
    />
  );
}
