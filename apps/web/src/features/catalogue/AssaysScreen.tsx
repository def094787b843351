/**
 * /assays, 'Assays': the lab assay table and the analyser assay table, each with the row actions reference,
 * multi, uredi, akcija and icon; the site's test panels (PanelSettings). The analyser table's reference opens the mapped lab assay's edit dialog on
 * its reference ranges, the same dialog the lab assay table's reference opens.
 */
import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LabAssayRecord } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { useActiveSession } from '../auth/index.ts';
import { AnalyserAssayTable } from '../integration/index.ts';
import { readAssay } from './api.ts';
import { AssayEditDialog } from './AssayEditDialog.tsx';
import { AssayTable } from './AssayTable.tsx';
import { PanelSettings } from './PanelSettings.tsx';

export function AssaysScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const [reference, setReference] = useState<LabAssayRecord | null>(null);

  const showReference = (labassayId: string) => {
    readAssay(labassayId).then(setReference, (error: unknown) => notify.apiError(error));
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('catalogue.assaysTitle')}</Title>
        <Text c="dimmed" size="sm">{t('catalogue.assaysHint')}</Text>
      </Stack>
      <AssayTable variant="assays" caption={t('catalogue.assaysTitle')} />
      <PanelSettings canWrite={session.can('settings.write')} />
      <Stack gap={4} mt="lg">
        <Title order={2} size="h3">{t('integration.analyserAssaysTitle')}</Title>
        <Text c="dimmed" size="sm">{t('integration.analyserAssaysHint')}</Text>
      </Stack>
      <AnalyserAssayTable onShowReference={showReference} />
      <AssayEditDialog
        assay={reference}
        tab="ranges"
        defaultSection={reference?.sekcija ?? ''}
        readOnly={!session.can('settings.write')}
        onClose={() => setReference(null)}
        onSaved={() => notify.success(t('catalogue.assaySaved'))}
      />
    </Stack>
  );
}
