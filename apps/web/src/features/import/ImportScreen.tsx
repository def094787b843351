/**
 * /import: Excel import of patients with their orders. The template is
 * downloaded, filled in and chosen here; the server reads every row and checks
 * it by the intake rules (the preview names each bad row and its errors); the
 * import then sends the rows in parts of IMPORT_CHUNK_ROWS with a progress
 * bar, and the per-row result can be saved as .xlsx. Patients are keyed by
 * JMBG and samples by their reference, so importing the same file again
 * creates nothing twice (those rows come back as 'POSTOJI').
 */
import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Progress, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXCEL_EXTENSIONS, IMPORT_CHUNK_ROWS, IMPORT_COLUMNS, type ImportOutcome } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { downloadBlob } from '../../lib/download.ts';
import { useActiveSession } from '../auth/index.ts';
import { ExcelUpload } from './ExcelUpload.tsx';
import { type ImportPreviewRow, type ImportResult, importRows, previewFile, resultFile, templateFile } from './api.ts';
import { patientName } from '../../lib/patient-name.ts';

/** Rows listed on screen at most; every row is in the downloadable result. */
const LISTED_ROWS = 200;

/** A column as the file names it ('Referenca uzorka'), for the field a problem names ('referenca'). */
const COLUMN_HEADER = new Map<string, string>(IMPORT_COLUMNS.map((column) => [column.key, column.header]));

const OUTCOME_COLOR: Record<ImportOutcome, string> = { kreiran: 'green', postoji: 'blue', greska: 'red' };

type Stage =
  | { kind: 'empty' }
  | { kind: 'reading' }
  | { kind: 'preview'; rows: ImportPreviewRow[] }
  | { kind: 'importing'; rows: ImportPreviewRow[]; done: number }
  | { kind: 'done'; rows: ImportPreviewRow[]; results: ImportResult[] };

export function ImportScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const canImport = session.can('samples.write');
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });

  const choose = useCallback((chosen: File | null) => {
    setFile(chosen);
    if (!chosen) {
      setStage({ kind: 'empty' });
      return;
    }
    setStage({ kind: 'reading' });
    previewFile(chosen).then(
      (answer) => setStage({ kind: 'preview', rows: answer.rows }),
      (error: unknown) => { notify.apiError(error); setStage({ kind: 'empty' }); setFile(null); },
    );
  }, []);

  const runImport = async (rows: ImportPreviewRow[]) => {
    const plain = rows.map(({ problems: _problems, ...row }) => row);
    const results: ImportResult[] = [];
    setStage({ kind: 'importing', rows, done: 0 });
    try {
      for (let start = 0; start < plain.length; start += IMPORT_CHUNK_ROWS) {
        results.push(...await importRows(plain.slice(start, start + IMPORT_CHUNK_ROWS)));
        setStage({ kind: 'importing', rows, done: Math.min(start + IMPORT_CHUNK_ROWS, plain.length) });
      }
      setStage({ kind: 'done', rows, results });
    } catch (error) {
      notify.apiError(error);
      // The parts imported so far are saved; importing again finds them and continues with the rest.
      setStage(results.length > 0 ? { kind: 'done', rows, results } : { kind: 'preview', rows });
    }
  };

  const download = async (load: () => Promise<Blob>, name: string) => {
    try {
      downloadBlob(await load(), name);
    } catch (error) {
      notify.apiError(error);
    }
  };

  const rows = stage.kind === 'preview' || stage.kind === 'importing' || stage.kind === 'done' ? stage.rows : [];
  const bad = rows.filter((row) => row.problems.length > 0);
  const busy = stage.kind === 'reading' || stage.kind === 'importing';

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4} maw={760}>
          <Title order={2}>{t('import.title')}</Title>
          <Text c="dimmed" size="sm">{t('import.description')}</Text>
        </Stack>
        <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} onClick={() => void download(templateFile, 'uvoz-pacijenata.xlsx')}>
          {t('import.template')}
        </Button>
      </Group>

      <ExcelUpload extensions={EXCEL_EXTENSIONS} file={file} onChange={choose} disabled={busy || !canImport} />

      {stage.kind === 'reading' ? <Group gap="sm"><Loader size="sm" aria-hidden /><Text size="sm">{t('import.reading')}</Text></Group> : null}

      {rows.length > 0 || stage.kind === 'preview' ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={3}>{t('import.previewTitle')}</Title>
              <Group gap="xs" data-testid="import-summary">
                <Badge variant="light" color="gray" c={READABLE_BADGE_TEXT}>{t('import.rows', { n: rows.length })}</Badge>
                <Badge variant="light" color="green" c={READABLE_BADGE_TEXT}>{t('import.valid', { n: rows.length - bad.length })}</Badge>
                <Badge variant="light" color={bad.length > 0 ? 'red' : 'gray'} c={READABLE_BADGE_TEXT}>{t('import.invalid', { n: bad.length })}</Badge>
              </Group>
            </Group>
            {bad.length === 0 ? <Text size="sm" c="dimmed">{t('import.allValid')}</Text> : <BadRows rows={bad} />}
            {stage.kind === 'preview' && canImport ? (
              <Group justify="flex-end">
                <Button leftSection={<IconFileImport size={18} aria-hidden />} disabled={rows.length === bad.length} onClick={() => void runImport(rows)}>
                  {t('import.importButton', { n: rows.length - bad.length })}
                </Button>
              </Group>
            ) : null}
            {stage.kind === 'importing' ? (
              <Stack gap={4}>
                <Text size="sm">{t('import.importing', { done: stage.done, total: rows.length })}</Text>
                <Progress value={rows.length === 0 ? 0 : (stage.done / rows.length) * 100} animated size="lg" aria-label={t('import.progressLabel')} />
              </Stack>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      {stage.kind === 'done' ? (
        <ImportResults results={stage.results} onDownload={() => void download(() => resultFile(stage.results), 'rezultat-uvoza.xlsx')} />
      ) : null}
    </Stack>
  );
}

function BadRows({ rows }: { rows: readonly ImportPreviewRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <ScrollArea.Autosize mah={420} type="auto" tabIndex={0} aria-label={t('import.badRowsCaption')}>
        <Table striped withTableBorder verticalSpacing={6} data-testid="import-bad-rows">
          <Table.Caption>{t('import.badRowsCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.col_red')}</Table.Th>
              <Table.Th>{t('import.col_referenca')}</Table.Th>
              <Table.Th>{t('import.col_jmbg')}</Table.Th>
              <Table.Th>{t('import.col_pacijent')}</Table.Th>
              <Table.Th>{t('import.col_problemi')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, LISTED_ROWS).map((row) => (
              <Table.Tr key={row.red}>
                <Table.Td fw={700}>{row.red}</Table.Td>
                <Table.Td>{row.referenca}</Table.Td>
                <Table.Td ff="monospace">{row.jmbg}</Table.Td>
                <Table.Td>{patientName(row)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {row.problems.map((problem) => (
                      <Group key={`${problem.field}-${problem.code}`} gap={6} wrap="nowrap">
                        <IconAlertCircle size={14} color="var(--mantine-color-red-7)" aria-hidden />
                        <Text size="sm"><Text span fw={600}>{COLUMN_HEADER.get(problem.field) ?? problem.field}</Text>{`: ${problem.message}`}</Text>
                      </Group>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > LISTED_ROWS ? <Text size="sm" c="dimmed">{t('import.moreRows', { n: rows.length - LISTED_ROWS })}</Text> : null}
    </Stack>
  );
}

function ImportResults({ results, onDownload }: { results: readonly ImportResult[]; onDownload: () => void }) {
  const { t } = useTranslation();
  const count = (status: ImportOutcome) => results.filter((result) => result.status === status).length;
  const refused = results.filter((result) => result.status === 'greska');
  return (
    <Paper withBorder radius="md" p="md" data-testid="import-result">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3}>{t('import.resultTitle')}</Title>
          <Button variant="light" leftSection={<IconDownload size={18} aria-hidden />} onClick={onDownload}>{t('import.resultFile')}</Button>
        </Group>
        <Group gap="xs">
          <Badge variant="light" color={OUTCOME_COLOR.kreiran} c={READABLE_BADGE_TEXT} data-testid="import-created">{t('import.created', { n: count('kreiran') })}</Badge>
          <Badge variant="light" color={OUTCOME_COLOR.postoji} c={READABLE_BADGE_TEXT} data-testid="import-existing">{t('import.existing', { n: count('postoji') })}</Badge>
          <Badge variant="light" color={OUTCOME_COLOR.greska} c={READABLE_BADGE_TEXT} data-testid="import-refused">{t('import.refused', { n: refused.length })}</Badge>
        </Group>
        {refused.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('import.refusedCaption')}>
            <Stack gap={2}>
              {refused.slice(0, LISTED_ROWS).map((result) => (
                <Text key={result.red} size="sm"><Text span fw={700}>{`${t('import.col_red')} ${result.red}`}</Text>{` (${result.referenca}): ${result.poruka}`}</Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
