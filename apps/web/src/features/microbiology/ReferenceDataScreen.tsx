/**
 * /mikrobiologija/referentni-podaci: the breakpoint guidelines the lab has imported (one per year, the newest
 * interprets new cultures; a culture keeps the one it was interpreted with) with their size, when they came
 * and where the data comes from; an administrator uploads a new year's table here, in the format the AMR
 * package for R publishes (the breakpoints file alone adds a year; the antimicrobial, organism and intrinsic
 * resistance files replace the stored ones when given). The server reads and stores the files and audits it.
 */
import { useState } from 'react';
import {
  Alert, Badge, Button, FileInput, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Textarea, Title,
} from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REFERENCE_UPLOAD_FILES, REFERENCE_UPLOAD_LIMITS, type ReferenceUploadFile } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES, READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { serverMessage, useLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { formatNumber } from '../../lib/format.ts';
import { useActiveSession } from '../auth/index.ts';
import { getReferenceSets, microbiologyKeys, uploadReference } from './api.ts';

export function ReferenceDataScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const language = useLanguage();
  const sets = useQuery({ queryKey: microbiologyKeys.referenceSets, queryFn: ({ signal }) => getReferenceSets(signal) });

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <div>
        <Title order={1} size="h2">{t('microbiology.referenceData.title')}</Title>
        <Text c="dimmed" size="sm" mt={4} maw={860}>{t('microbiology.referenceData.description')}</Text>
      </div>
      {sets.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red">{t('microbiology.loadFailed')}</Alert>
      ) : !sets.data ? (
        <Skeleton h={160} radius="md" aria-busy aria-label={t('common.loading')} />
      ) : sets.data.length === 0 ? (
        <Alert styles={READABLE_ALERT_STYLES} color="orange">{t('microbiology.noReference')}</Alert>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" aria-label={t('microbiology.referenceData.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={250}>{t('microbiology.referenceData.guideline')}</Table.Th>
                  <Table.Th w={130} ta="right">{t('microbiology.referenceData.breakpoints')}</Table.Th>
                  <Table.Th w={170}>{t('microbiology.referenceData.importedAt')}</Table.Th>
                  <Table.Th w={110} ta="right">{t('microbiology.referenceData.cultures')}</Table.Th>
                  <Table.Th>{t('microbiology.referenceData.attribution')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sets.data.map((set, index) => (
                  <Table.Tr key={set.guideline} data-guideline={set.guideline}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{set.guideline}</Text>
                        {index === 0 ? <Badge variant="light" color="teal" c={READABLE_BADGE_TEXT} tt="none" style={{ flexShrink: 0 }}>{t('microbiology.referenceData.inUse')}</Badge> : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(set.breakpoints, language, { grouped: true })}</Table.Td>
                    <Table.Td><Text size="sm">{formatDateTime(set.importedAt)}</Text></Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{set.kulture}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{set.attribution}</Text>
                      <Text size="xs" c="dimmed">{set.intrinsicSource}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {session.can('settings.write') ? <UploadForm /> : null}
    </Stack>
  );
}

/** The upload of a set's files: read here as text, sent in one call, stored by the server in one transaction. */
function UploadForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Partial<Record<ReferenceUploadFile, File | null>>>({});
  const [attribution, setAttribution] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [unknown, setUnknown] = useState<string[]>([]);

  const upload = async () => {
    if (!files.breakpoints) {
      setProblem({ field: 'datoteke.breakpoints', message: t('microbiology.referenceData.breakpointsRequired') });
      return;
    }
    setBusy(true);
    setProblem(null);
    setUnknown([]);
    try {
      const texts: Partial<Record<ReferenceUploadFile, string>> = {};
      for (const file of REFERENCE_UPLOAD_FILES) {
        const chosen = files[file];
        if (chosen) texts[file] = await chosen.text();
      }
      const uvoz = await uploadReference({ datoteke: { breakpoints: texts.breakpoints ?? '', ...texts }, ...(attribution.trim() ? { atribucija: attribution.trim() } : {}) });
      notify.success(t('microbiology.referenceData.imported', { guideline: uvoz.guideline, breakpoints: uvoz.breakpoints }));
      setUnknown(uvoz.unknownOrganisms);
      setFiles({});
      await queryClient.invalidateQueries({ queryKey: microbiologyKeys.referenceSets });
      // Cultures show which guideline is the newest.
      await queryClient.invalidateQueries({ queryKey: ['results'] });
    } catch (error) {
      if (error instanceof ApiError && error.field) setProblem({ field: error.field, message: serverMessage(error) });
      notify.apiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="md"
      noValidate
      aria-label={t('microbiology.referenceData.uploadTitle')}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        void upload();
      }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconFileImport size={20} aria-hidden />
          <Title order={2} size="h4">{t('microbiology.referenceData.uploadTitle')}</Title>
        </Group>
        <Text size="sm" c="dimmed">{t('microbiology.referenceData.uploadHint')}</Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {REFERENCE_UPLOAD_FILES.map((file) => (
            <FileInput
              key={file}
              label={t(`microbiology.referenceData.file_${file}`)}
              accept=".tsv,.txt,text/tab-separated-values,text/plain"
              value={files[file] ?? null}
              onChange={(chosen) => setFiles((current) => ({ ...current, [file]: chosen }))}
              clearable
              required={file === 'breakpoints'}
              error={problem?.field === `datoteke.${file}` ? problem.message : undefined}
              description={files[file] && files[file].size > REFERENCE_UPLOAD_LIMITS.file ? t('microbiology.referenceData.tooLarge') : undefined}
            />
          ))}
        </SimpleGrid>
        <Textarea
          label={t('microbiology.referenceData.attributionField')}
          description={t('microbiology.referenceData.attributionHint')}
          value={attribution}
          onChange={(event) => setAttribution(event.currentTarget.value)}
          maxLength={REFERENCE_UPLOAD_LIMITS.attribution}
          autosize
          minRows={2}
        />
        {unknown.length > 0 ? (
          <Alert styles={READABLE_ALERT_STYLES} color="orange">{t('microbiology.referenceData.unknownOrganisms', { codes: unknown.join(', ') })}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={busy}>{t('microbiology.referenceData.upload')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
