/**
 * 'Kumulativni nalaz: {name}': the patient's cumulative report. The user picks the period (from and to, the
 * site's days, both included; by default the last 12 months up to today) and one of the patient's report
 * languages, and the PDF the server renders (one table of the site's verified results, tests × sample
 * dates, with flags and reference ranges) is shown in the dialog, to download or open in a tab. A period
 * without a verified report of this site says so in the server's words.
 */
import { useState } from 'react';
import { Alert, Box, Button, Group, Input, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ReportJezik, addDays, reportJeziciOf, toIsoDate } from '@lis/domain';
import { useFileUrl } from '../../api/use-file-url.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { OpenInTabButton } from '../../components/OpenInTabButton.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { messageText, serverMessage } from '../../i18n/index.ts';
import { formatDay, siteToday } from '../../lib/date-time.ts';
import { downloadBlob } from '../../lib/download.ts';
import { patientName } from '../../lib/patient-name.ts';
import { cumulativeReportFile } from './api.ts';
import { usePatientDetail } from './patient-record.ts';

/** The period offered first: the last 12 months, today included. */
function defaultPeriod(): { od: string; do: string } {
  const today = siteToday();
  return { od: toIsoDate(addDays(today, -365)), do: toIsoDate(today) };
}

export function CumulativeReportDialog({ patientId, onClose }: { patientId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = usePatientDetail(patientId);
  const patient = detail.data && detail.data._id === patientId ? detail.data : null;
  return (
    <AppDialog
      opened={patient !== null}
      onClose={onClose}
      title={patient ? t('patients.cumulativeTitle', { name: patientName(patient) }) : ''}
      size="xl"
    >
      {/* A fresh form for each patient: the period and language start from the defaults. */}
      {patient ? <CumulativeForm key={patient._id} patientId={patient._id} languages={patient.language} onClose={onClose} /> : null}
    </AppDialog>
  );
}

function CumulativeForm({ patientId, languages, onClose }: { patientId: string; languages: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const jezici = reportJeziciOf(languages);
  const [period, setPeriod] = useState(defaultPeriod);
  const [jezik, setJezik] = useState<ReportJezik>(jezici[0] ?? 'bs');
  const [requested, setRequested] = useState<{ od: string; do: string; jezik: ReportJezik } | null>(null);
  const file = useFileUrl(requested ? cumulativeReportFile(patientId, requested) : null);

  const reversed = period.od !== '' && period.do !== '' && period.od > period.do;
  const show = () => {
    if (period.od === '' || period.do === '' || reversed) return;
    setRequested({ od: period.od, do: period.do, jezik });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{t('patients.cumulativeHint')}</Text>
      <form onSubmit={(event) => { event.preventDefault(); show(); }}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <DayInput
            label={t('patients.cumulativeFrom')} withAsterisk value={period.od || null}
            onChange={(value) => setPeriod((current) => ({ ...current, od: value ?? '' }))}
            error={period.od === '' ? messageText('form.required') : reversed ? messageText('dateRange.invalid') : undefined}
            w={160}
          />
          <DayInput
            label={t('patients.cumulativeTo')} withAsterisk value={period.do || null}
            onChange={(value) => setPeriod((current) => ({ ...current, do: value ?? '' }))}
            error={period.do === '' ? messageText('form.required') : undefined}
            w={160}
          />
          <Input.Wrapper label={t('patients.language')} id="cumulative-language">
            <SegmentedControl
              display="flex"
              aria-labelledby="cumulative-language-label"
              value={jezik}
              onChange={(value) => setJezik(value)}
              data={jezici.map((candidate) => ({ value: candidate, label: t(`patients.jezik_${candidate}`) }))}
            />
          </Input.Wrapper>
          <Button type="submit" mt={25} leftSection={<IconFileText size={16} aria-hidden />} disabled={period.od === '' || period.do === '' || reversed}>
            {t('patients.cumulativeShow')}
          </Button>
        </Group>
      </form>
      {requested ? (
        <Box h="min(60vh, 640px)" bd="1px solid var(--mantine-color-gray-3)">
          {file.state === 'loading' || file.state === 'idle' ? <Skeleton h="100%" aria-label={t('patients.cumulativeLoading')} /> : null}
          {file.state === 'ready' ? (
            <iframe
              src={`${file.url}#navpanes=0&view=FitH`}
              title={t('patients.cumulativePdfTitle', { od: formatDay(requested.od), do: formatDay(requested.do) })}
              style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
            />
          ) : null}
          {file.state === 'failed' ? (
            <Alert styles={READABLE_ALERT_STYLES} color="orange" m="md" title={t('patients.cumulativeFailed')}>
              {file.error ? serverMessage(file.error) : t('patients.cumulativeFailed')}
            </Alert>
          ) : null}
        </Box>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {requested ? (
            <>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                disabled={file.state !== 'ready'}
                onClick={() => { if (file.state === 'ready') downloadBlob(file.blob, `kumulativni-${requested.od}-${requested.do}-${requested.jezik}.pdf`); }}
              >
                {t('patients.cumulativeDownload')}
              </Button>
              <OpenInTabButton file={file} label={t('patients.cumulativeOpen')} />
            </>
          ) : null}
        </Group>
        <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </Stack>
  );
}
