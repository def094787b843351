/**
 * /pacijenti: the patients list (list screens). The name cell
 * opens the patient edit dialog, the intake cell goes to /samples/{id}; row
 * actions open the patient-data dialog, the read-only symptoms dialog and the
 * patient's uncompleted samples.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { IconId, IconStethoscope, IconTestPipe } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListTable, type ListColumn, type ListRowAction } from '../../components/list-table/index.ts';
import { formatDate, formatDateTime } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { ResultMultiDialog, evaluationPath } from '../evaluation/index.ts';
import { SampleEditDialog } from '../samples/index.ts';
import { PATIENT_LIST, type PatientRow, patientName } from './api.ts';
import { PatientDialogs, type PatientDialogKind, type PatientDialogTarget } from './PatientDialogs.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';

/** Phone numbers and dates read badly when broken over two lines; they never wrap. */
function Nowrap({ children }: { children: React.ReactNode }) {
  return <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>{children}</Text>;
}

export function PatientListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<PatientDialogTarget | null>(null);
  const [sampleId, setSampleId] = useState<string | null>(null);
  // The patient stays while the dialog closes, so its content does not vanish during the closing transition.
  const [resultsOf, setResultsOf] = useState<string | null>(null);
  const [resultsOpen, setResultsOpen] = useState(false);
  // A patient's results over time open from the patient's dialog (the name cell), and lead on to the evaluation
  // screen for users who may edit (access level below 1), as the spec says. Neither is a column or a row icon of
  // its own: the table must fit 1280 px.
  const canEvaluate = !useActiveSession().readOnly;
  const open = (kind: PatientDialogKind) => (row: PatientRow) => setDialog({ kind, patient: row });

  const columns: ListColumn<PatientRow>[] = [
    {
      key: 'prezime', header: t('patients.col_pacijent'), sortable: true,
      // Short names stay on one line; a longer one breaks between prezime and ime rather than widening the table.
      render: (row) => <Text span display="inline-block" size="sm" miw={130}>{patientName(row)}</Text>,
      cellAction: { label: (row) => t('patients.openDetails', { name: patientName(row) }), onClick: open('edit') },
    },
    { key: 'jmbg', header: t('patients.col_jmbg'), sortable: true, render: (row) => <Text span ff="monospace" size="sm">{row.jmbg}</Text> },
    { key: 'godiste', header: t('patients.col_godiste'), sortable: true, align: 'right' },
    { key: 'telefon', header: t('patients.col_telefon'), render: (row) => <Nowrap>{row.telefon}</Nowrap> },
    {
      // A long referring location takes a second line rather than pushing the intake and action
      // columns out of a 1280 px wide screen (or being cut off).
      key: 'lokacija', header: t('patients.col_lokacija'),
      render: (row) => <Text size="sm" miw={96} style={{ overflowWrap: 'break-word' }}>{row.lokacija}</Text>,
    },
    {
      key: 'created_at', header: t('patients.col_created'), sortable: true,
      render: (row) => <Text span size="sm" title={formatDateTime(row.created_at)} style={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</Text>,
    },
    {
      key: 'nezavrseni', header: t('patients.col_nezavrseni'), align: 'center',
      render: (row) => (row.nezavrseni > 0 ? <Badge variant="light" color="orange" c={READABLE_BADGE_TEXT}>{row.nezavrseni}</Badge> : <Text span c="dimmed" size="sm">0</Text>),
    },
    {
      key: 'prijem', header: t('patients.col_prijem'), render: () => t('common.admit'),
      cellAction: { label: (row) => t('patients.openIntake', { name: patientName(row) }), onClick: (row) => void navigate(`/samples/${row._id}`) },
    },
  ];

  const actions: ListRowAction<PatientRow>[] = [
    { key: 'data', label: t('patients.actionData'), icon: <IconId size={18} aria-hidden />, onClick: open('data') },
    { key: 'symptoms', label: t('patients.actionSymptoms'), icon: <IconStethoscope size={18} aria-hidden />, onClick: open('symptoms') },
    { key: 'samples', label: t('patients.actionSamples'), icon: <IconTestPipe size={18} aria-hidden />, onClick: open('samples') },
  ];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('patients.listTitle')}</Title>
      <ListTable<PatientRow>
        list={PATIENT_LIST}
        columns={columns}
        actions={actions}
        rowKey={(row) => row._id}
        rowLabel={(row) => `${patientName(row)} ${row.jmbg}`}
        defaultSort={[{ field: 'created_at', direction: 'desc' }]}
        caption={t('patients.listCaption')}
        minWidth={900}
      />
      <PatientDialogs
        target={dialog}
        onClose={() => setDialog(null)}
        onOpenSample={(id) => {
          setDialog(null);
          setSampleId(id);
        }}
        onOpenResults={(id) => {
          setDialog(null);
          setResultsOf(id);
          setResultsOpen(true);
        }}
        onOpenCumulative={(patient) => setDialog({ kind: 'cumulative', patient })}
      />
      <SampleEditDialog sampleId={sampleId} onClose={() => setSampleId(null)} />
      <ResultMultiDialog
        patientId={resultsOf}
        opened={resultsOpen}
        onClose={() => setResultsOpen(false)}
        onOpenEvaluation={canEvaluate && resultsOf ? () => void navigate(evaluationPath(resultsOf)) : undefined}
      />
    </Stack>
  );
}
