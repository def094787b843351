/**
 * The clinical and referral fields of a sample, shared by the new sample and
 * the sample edit dialog: trudnica, menopauza, menstc, anticoag, referring
 * location and doctor, chosen from the lab's locations (with the site's
 * towns) and doctors lists, or typed freely where the lab allows it (a flag
 * per list, GET /api/postavke/uputni), and the ordering partner. Pregnancy and menopause are for women
 * only and exclude each other (sampleFlagsProblem).
 */
import { Autocomplete, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SAMPLE_LIMITS, type Spol, sampleFlagsProblem } from '@lis/domain';
import { choicesWith, useReferralChoices } from './referral-choices.ts';
import { PartnerSelect } from './PartnerSelect.tsx';

export interface SampleFlags {
  trudnica: boolean;
  menopauza: boolean;
  anticoag: boolean;
  menstc: string;
  lokacija: string;
  doktor: string;
  /** The ordering partner (its price list prices the tests); null for none. */
  partner: string | null;
}

export const EMPTY_FLAGS: SampleFlags = { trudnica: false, menopauza: false, anticoag: false, menstc: '', lokacija: '', doktor: '', partner: null };

/** Ticking pregnancy clears menopause and the other way round, so the pair never conflicts. */
export function setFlag(flags: SampleFlags, flag: 'trudnica' | 'menopauza' | 'anticoag', checked: boolean): SampleFlags {
  const next = { ...flags, [flag]: checked };
  if (checked && flag === 'trudnica') next.menopauza = false;
  if (checked && flag === 'menopauza') next.trudnica = false;
  return next;
}

/** Whether pregnancy and menopause can be marked for this patient at all. */
export function femaleFlagsAllowed(spol: Spol | '' | null): boolean {
  return sampleFlagsProblem(spol === '' ? null : spol, { trudnica: true, menopauza: false }) === null;
}

interface SampleFieldsProps {
  flags: SampleFlags;
  onChange: (flags: SampleFlags) => void;
  spol: Spol | '' | null;
  /** Towns of the current site (sajt.mjesta) offered for the referring location. */
  mjesta: readonly string[];
  readOnly?: boolean;
  /**
   * Set on a saved sample: a new partner reprices its tests, so the change is asked for first
   * (the partner-change confirmation); without it the choice applies at once.
   */
  confirmPartnerChange?: boolean;
}

export function SampleFields({ flags, onChange, spol, mjesta, readOnly = false, confirmPartnerChange = false }: SampleFieldsProps) {
  const { t } = useTranslation();
  const female = femaleFlagsAllowed(spol);
  const referral = useReferralChoices();
  const locationOptions = choicesWith(referral.freeLocation ? [...referral.lokacije, ...mjesta] : referral.lokacije, flags.lokacija);
  const doctorOptions = choicesWith(referral.doktori, flags.doktor);
  const box = (flag: 'trudnica' | 'menopauza' | 'anticoag', disabled: boolean) => (
    <Checkbox
      label={t(`samples.${flag}`)}
      checked={flags[flag]}
      disabled={readOnly || disabled}
      onChange={(event) => onChange(setFlag(flags, flag, event.currentTarget.checked))}
    />
  );
  return (
    <Stack gap="md">
      <Group gap="lg" mih={24}>
        {box('trudnica', !female)}
        {box('menopauza', !female)}
        {box('anticoag', false)}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {referral.freeLocation ? (
          <Autocomplete
            label={t('samples.lokacija')}
            placeholder={t('samples.lokacijaPlaceholder')}
            data={locationOptions}
            value={flags.lokacija}
            onChange={(lokacija) => onChange({ ...flags, lokacija })}
            maxLength={SAMPLE_LIMITS.lokacija}
            disabled={readOnly}
            comboboxProps={{ withinPortal: true }}
            data-enter-next="lokacija"
          />
        ) : (
          <Select
            label={t('samples.lokacija')}
            placeholder={t('samples.lokacijaChoose')}
            data={locationOptions}
            value={flags.lokacija === '' ? null : flags.lokacija}
            onChange={(lokacija) => onChange({ ...flags, lokacija: lokacija ?? '' })}
            searchable
            clearable
            disabled={readOnly}
            comboboxProps={{ withinPortal: true }}
            data-enter-next="lokacija"
          />
        )}
        {referral.freeDoctor ? (
          <Autocomplete
            label={t('samples.doktor')}
            placeholder={t('samples.doktorPlaceholder')}
            data={doctorOptions}
            value={flags.doktor}
            onChange={(doktor) => onChange({ ...flags, doktor })}
            maxLength={SAMPLE_LIMITS.doktor}
            disabled={readOnly}
            autoComplete="off"
            comboboxProps={{ withinPortal: true }}
            data-enter-next="doktor"
          />
        ) : (
          <Select
            label={t('samples.doktor')}
            placeholder={t('samples.doktorChoose')}
            data={doctorOptions}
            value={flags.doktor === '' ? null : flags.doktor}
            onChange={(doktor) => onChange({ ...flags, doktor: doktor ?? '' })}
            searchable
            clearable
            disabled={readOnly}
            comboboxProps={{ withinPortal: true }}
            data-enter-next="doktor"
          />
        )}
        <TextInput
          label={t('samples.menstc')}
          placeholder={t('samples.menstcPlaceholder')}
          value={flags.menstc}
          onChange={(event) => onChange({ ...flags, menstc: event.currentTarget.value })}
          maxLength={SAMPLE_LIMITS.menstc}
          disabled={readOnly || !female}
          autoComplete="off"
          data-enter-next="menstc"
        />
        <PartnerSelect
          value={flags.partner}
          onChange={(partner) => onChange({ ...flags, partner })}
          readOnly={readOnly}
          confirm={confirmPartnerChange}
        />
      </SimpleGrid>
    </Stack>
  );
}
