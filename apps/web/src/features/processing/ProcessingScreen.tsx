/**
 * /obrada/pregled, 'Obrada uzoraka': the site's samples to work on. The day
 * dropdown offers the worklist presets before the days and starts on RADNA
 * LISTA (every sample not yet approved), or on Mikrobiologija for a user in
 * microbiology mode (the user's setting, `mikrobiologija` of the session);
 * entering the screen clears the 'Pretraga' text, so the worklist opens whole.
 * A search also finds the samples the chosen view leaves out (verified,
 * another day) and links to them.
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, WORKLIST_PRESETS } from '@lis/domain';
import { useActiveSession } from '../auth/index.ts';
import { PROCESSING_LIST } from './api.ts';
import { ProcessingTable } from './ProcessingTable.tsx';

export const PROCESSING_PRESETS: readonly string[] = [...WORKLIST_PRESETS, ...DATE_PRESETS];
export const PROCESSING_DEFAULT_DATUM = 'RADNA LISTA';
/** Where a user in microbiology mode starts. */
export const MICROBIOLOGY_MODE_DATUM = 'Mikrobiologija';

export function ProcessingScreen() {
  const { t } = useTranslation();
  const microbiologyMode = useActiveSession().data.mikrobiologija;
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('processing.title')}</Title>
      <ProcessingTable
        list={PROCESSING_LIST}
        storageKey="obrada"
        caption={t('processing.caption')}
        datumPresets={PROCESSING_PRESETS}
        defaultDatum={microbiologyMode ? MICROBIOLOGY_MODE_DATUM : PROCESSING_DEFAULT_DATUM}
        clearFilter
        searchOutsideView
      />
    </Stack>
  );
}
