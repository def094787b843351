/**
 * /mikrobiologija, the microbiology work list: the site's culture tests of the
 * chosen period (DANAS at first, like the other lists), each with its sample,
 * patient, specimen, the organisms grown and its stage (set up, read, isolates
 * identified, antibiogram done, verified). Filters narrow it by specimen,
 * organism (the organism picker) and stage; a row opens its culture. The
 * sub-screens (cumulative antibiogram, panels, reference data) are one click
 * away in the header, as far as the user may open them.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Box, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChartBar, IconFileCertificate, IconListDetails, IconMicroscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CULTURE_STAGES, type CultureStage, type MicroWorkListRow, can, microWorkListContracts } from '@lis/domain';
import { ListTable, type ListColumn } from '../../components/list-table/index.ts';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDate, formatTime } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { microbiologyKeys, searchOrganisms } from './api.ts';
import { culturePath } from './CultureLink.tsx';
import { type PickerOption, RemotePicker } from './RemotePicker.tsx';
import { useAssayName } from '../../lib/catalogue-name.ts';
import { patientName } from '../../lib/patient-name.ts';

/** Stage colours: from the work still to do (grey) to done (green). */
const STAGE_COLORS: Record<CultureStage, string> = {
  postavljena: 'gray', ocitana: 'blue', izolati: 'grape', antibiogram: 'orange', verificirana: 'teal',
};

const SUB_SCREENS = [
  { path: '/mikrobiologija/kumulativni-antibiogram', label: 'cumulativeLink', icon: IconChartBar, permission: 'reports.read' },
  { path: '/mikrobiologija/paneli', label: 'panelsLink', icon: IconListDetails, permission: 'samples.read' },
  { path: '/mikrobiologija/referentni-podaci', label: 'referenceLink', icon: IconFileCertificate, permission: 'samples.read' },
] as const;

export function WorkListScreen() {
  const { t } = useTranslation();
  const nameOf = useAssayName();
  const navigate = useNavigate();
  const { role, level } = useActiveSession().data.access;
  const [materijal, setMaterijal] = useState('');
  const [debouncedMaterijal] = useDebouncedValue(materijal.trim(), 300);
  const [organism, setOrganism] = useState<PickerOption | null>(null);
  const [faza, setFaza] = useState<CultureStage | null>(null);
  const stageLabel = (stage: CultureStage) => t(`microbiology.stage_${stage}`);

  const columns: ListColumn<MicroWorkListRow>[] = [
    {
      key: 'code', header: t('microbiology.col_code'), sortable: true,
      render: (row) => <Text span ff="monospace" fw={600} size="sm">{row.code}</Text>,
      cellLink: { label: (row) => t('microbiology.openCultureOf', { code: row.code }), href: (row) => culturePath(row.sid) },
    },
    { key: 'prezime', header: t('microbiology.col_patient'), sortable: true, render: (row) => patientName(row) },
    { key: 'naziv', header: t('microbiology.col_test'), sortable: true, render: (row) => nameOf(row) },
    { key: 'materijal', header: t('microbiology.col_specimen'), sortable: true },
    {
      key: 'izolati', header: t('microbiology.col_organisms'),
      render: (row) => (row.izolati.length > 0
        ? <Text size="sm" fs="italic">{row.izolati.join(', ')}</Text>
        : <Text size="sm" c="dimmed">{row.rast === false ? t('microbiology.noGrowthShort') : '—'}</Text>),
    },
    {
      key: 'faza', header: t('microbiology.col_stage'), sortable: true,
      // The badge keeps its whole word: a table squeezes a cell down to its content's smallest width, which for a
      // badge (its label cut with '…') is next to nothing; the other columns wrap instead.
      render: (row) => <Box miw="max-content"><Badge variant="light" color={STAGE_COLORS[row.faza]} c={READABLE_BADGE_TEXT} data-stage={row.faza}>{stageLabel(row.faza)}</Badge></Box>,
    },
    { key: 'status', header: t('microbiology.col_status'), render: (row) => <Box miw="max-content"><StatusBadge status={row.status} /></Box> },
    {
      key: 'created_at', header: t('microbiology.col_time'), sortable: true,
      render: (row) => <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>{`${formatDate(row.created_at)} ${formatTime(row.created_at)}`}</Text>,
    },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">{t('microbiology.workListTitle')}</Title>
        <Group gap="xs">
          {SUB_SCREENS.filter((screen) => can(role, level, screen.permission)).map(({ path, label, icon: Icon }) => (
            <Button key={path} variant="default" size="sm" leftSection={<Icon size={16} aria-hidden />} onClick={() => void navigate(path)}>
              {t(`microbiology.${label}`)}
            </Button>
          ))}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('microbiology.filterSpecimen')} placeholder={t('microbiology.filterSpecimenPlaceholder')} w={220}
          value={materijal} onChange={(event) => setMaterijal(event.currentTarget.value)}
        />
        <RemotePicker
          label={t('microbiology.filterOrganism')} placeholder={t('microbiology.organismPlaceholder')} w={280} clearable
          value={organism} onPick={setOrganism} queryKey={microbiologyKeys.organisms}
          search={async (text, signal) => (await searchOrganisms(text, signal)).map((item) => ({ value: item.mo, label: item.naziv }))}
        />
        <Select
          label={t('microbiology.filterStage')} placeholder={t('microbiology.filterStageAll')} w={220} clearable
          data={CULTURE_STAGES.map((stage) => ({ value: stage, label: stageLabel(stage) }))}
          value={faza} onChange={(value) => setFaza((value) ?? null)}
        />
      </Group>
      <ListTable<MicroWorkListRow>
        list={microWorkListContracts.list}
        storageKey="mikrobiologija"
        caption={t('microbiology.workListCaption')}
        params={{ materijal: debouncedMaterijal || undefined, organizam: organism?.value, faza: faza ?? undefined }}
        columns={columns}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${row.code} ${patientName(row)} ${nameOf(row)}`}
        actions={[{
          key: 'open', label: t('microbiology.openCulture'), icon: <IconMicroscope size={18} aria-hidden />, color: 'clinical',
          onClick: (row) => void navigate(culturePath(row.sid)),
        }]}
        minWidth={960}
      />
    </Stack>
  );
}
