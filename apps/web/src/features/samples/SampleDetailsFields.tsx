/**
 * When the new sample was taken, what kind of sample it is and a comment.
 * The date and time come from a calendar dialog: weeks start on Monday,
 * 24-hour time in 1-minute steps, nothing before 2019-09-01 or after now;
 * left empty, the sample is dated when it is saved. The type is one of the
 * lab's sample types (its name is stored in the sample's `type`).
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/bs';
import 'dayjs/locale/de';
import { useTranslation } from 'react-i18next';
import { EARLIEST_DAY, SAMPLE_LIMITS, type SampleSaveRequest, toIsoDate } from '@lis/domain';
import { currentLanguage } from '../../i18n/index.ts';
import { fromSiteWallClock, toSiteWallClock } from '../../lib/date-time.ts';
import { useSampleTypes } from './sample-types.ts';
import { useAssayName } from '../../lib/catalogue-name.ts';

export interface SampleDetails {
  /** The picker's local date and time ('YYYY-MM-DD HH:mm:ss'), or null for "when saved". */
  datum: string | null;
  /** The chosen sample type's name, or null. */
  type: string | null;
  komentar: string;
}

export const EMPTY_DETAILS: SampleDetails = { datum: null, type: null, komentar: '' };

const PICKER_FORMAT = 'DD.MM.YYYY HH:mm';
const MONDAY = 1;

/** The save request's part: the date as a UTC instant, the type only when chosen, the comment trimmed. */
export function sampleDetailsBody(details: SampleDetails): Pick<SampleSaveRequest, 'komentar'> & Partial<Pick<SampleSaveRequest, 'datum' | 'type'>> {
  // The picker shows and returns the site's wall clock, whatever the browser's zone: the instant is the site's.
  const datum = details.datum ? fromSiteWallClock(details.datum) : null;
  return {
    ...(datum ? { datum: datum.toISOString() } : {}),
    ...(details.type ? { type: details.type } : {}),
    komentar: details.komentar.trim(),
  };
}

interface SampleDetailsFieldsProps {
  details: SampleDetails;
  onChange: (details: SampleDetails) => void;
}

export function SampleDetailsFields({ details, onChange }: SampleDetailsFieldsProps) {
  const { t } = useTranslation();
  const types = useSampleTypes();
  const nameOf = useAssayName();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <DateTimePicker
        label={t('samples.datum')}
        placeholder={t('samples.datumNow')}
        value={details.datum}
        onChange={(datum) => onChange({ ...details, datum })}
        locale={currentLanguage()}
        firstDayOfWeek={MONDAY}
        minDate={toIsoDate(EARLIEST_DAY)}
        maxDate={toSiteWallClock(new Date())}
        valueFormat={PICKER_FORMAT}
        timePickerProps={{ format: '24h', minutesStep: 1, hoursInputLabel: t('samples.hours'), minutesInputLabel: t('samples.minutes') }}
        dropdownType="modal"
        modalProps={{ title: t('samples.datumDialog') }}
        submitButtonProps={{ 'aria-label': t('samples.datumConfirm') }}
        clearable
        clearButtonProps={{ 'aria-label': t('samples.datumClear') }}
        leftSection={<IconCalendar size={16} aria-hidden />}
        // "Now (when saved)" is real information, so it is set in a colour with AA contrast, not the faint placeholder grey.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      />
      <Select
        label={t('samples.type')}
        placeholder={t('samples.typePlaceholder')}
        // The sample keeps the Bosnian name as its type (labels and reports look it up by it); the reader sees theirs.
        data={types.tipovi.map((tip) => ({ value: tip.naziv, label: nameOf(tip) }))}
        value={details.type}
        onChange={(type) => onChange({ ...details, type })}
        searchable
        clearable
        nothingFoundMessage={t('samples.typeNone')}
        error={types.failed ? t('samples.loadFailed') : undefined}
        comboboxProps={{ withinPortal: true }}
        data-enter-next="type"
      />
      <TextInput
        label={t('samples.komentar')}
        placeholder={t('samples.komentarPlaceholder')}
        value={details.komentar}
        onChange={(event) => onChange({ ...details, komentar: event.currentTarget.value })}
        maxLength={SAMPLE_LIMITS.komentar}
        autoComplete="off"
        data-enter-next="komentar"
      />
    </SimpleGrid>
  );
}
