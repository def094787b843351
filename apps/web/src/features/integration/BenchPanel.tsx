/**
 * The capture bench (/integracija/pregled, tab 'Provjera poruke'): a capture pasted or uploaded for one of the
 * site's analysers is read by the server with the ingest's own interpretation (POST /api/integracija/provjera,
 * nothing stored) and shown result by result: the sample, the assay its code maps to, the value as it would be
 * stored, or why it would be refused. 'Spremi' (results.enter) stores it through the same ingest as a TCP message.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Code, FileButton, Group, Paper, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify.tsx';
import { useActiveSession } from '../auth/index.ts';
import { analysers, benchCheck, benchStore, integrationKeys, type BenchCheckAnswer, type BenchMicrobiologyLine, type BenchResultRow } from './api.ts';

/** Control characters shown as logs write them, so a framed capture stays readable in the text box. */
const CONTROL_NAMES: Readonly<Record<string, string>> = {
  '\u0002': '<STX>', '\u0003': '<ETX>', '\u0017': '<ETB>', '\u0004': '<EOT>', '\u0005': '<ENQ>', '\u0006': '<ACK>', '\u0015': '<NAK>',
  '\u000b': '<VT>', '\u001c': '<FS>',
};

function readable(text: string): string {
  return [...text].map((char) => CONTROL_NAMES[char] ?? char).join('').replace(/\r\n|\r/g, '\n');
}

/** A microbiology instrument's line: kept for review with the reason, or landing on the culture (our S/I/R beside the instrument's, a disagreement marked). */
function MicrobiologyOutcome({ line }: { line: BenchMicrobiologyLine }) {
  const { t } = useTranslation();
  if (line.razlog !== null) return <Badge color="orange" variant="light" c="gray.9">{t(`integration.reason_${line.razlog}`)}</Badge>;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color="teal" variant="light" c="gray.9" leftSection={<IconCheck size={12} aria-hidden />}>{t('integration.benchMicroLands')}</Badge>
      {line.neslaganje ? <Badge color="red" variant="light" c="gray.9">{t('integration.benchMicroDisagrees')}</Badge> : null}
    </Group>
  );
}

function Outcome({ row }: { row: BenchResultRow }) {
  const { t } = useTranslation();
  if (row.razlog !== null) return <Badge color="orange" variant="light" c="gray.9">{t(`integration.reason_${row.razlog}`)}</Badge>;
  if (row.kontrola) return <Badge color="grape" variant="light" c="gray.9">{t('integration.benchControl')}</Badge>;
  return <Badge color="teal" variant="light" c="gray.9" leftSection={<IconCheck size={12} aria-hidden />}>{t('integration.benchApplied')}</Badge>;
}

export function BenchPanel() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const canStore = session.can('results.enter');
  const list = useQuery({ queryKey: integrationKeys.analysers(session.siteId), queryFn: ({ signal }) => analysers(signal) });
  const [analyser, setAnalyser] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<{ analyser: string; text: string; check: BenchCheckAnswer } | null>(null);
  const [busy, setBusy] = useState<'check' | 'store' | null>(null);

  const check = async () => {
    if (!analyser || text.trim() === '') return;
    setBusy('check');
    try {
      setAnswer({ analyser, text, check: await benchCheck(analyser, text) });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  const store = async () => {
    if (!answer) return;
    setBusy('store');
    try {
      const stored = await benchStore(answer.analyser, answer.text);
      if (stored.duplikat) notify.warning(t('integration.benchDuplicate'));
      else notify.success(t('integration.benchStored', { applied: stored.primijenjeno, review: stored.za_pregled }));
      setAnswer(null);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    // latin1: an ASTM log's bytes as they are (the ingest reads ASTM as latin1 when it is not UTF-8).
    setText(readable(new TextDecoder('latin1').decode(await file.arrayBuffer())));
    setAnswer(null);
  };

  const result = answer?.check;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{t('integration.benchHelp')}</Text>
      <Group align="flex-end">
        <Select label={t('integration.analyser')} placeholder={t('integration.chooseAnalyser')} w={320} allowDeselect={false}
          data={(list.data ?? []).map((row) => ({ value: row._id, label: `${row.ime} (${row.protokol.toUpperCase()})` }))}
          value={analyser} onChange={(value) => { setAnalyser(value); setAnswer(null); }} />
        <FileButton onChange={(file) => void upload(file)}>
          {(props) => <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>{t('integration.benchFile')}</Button>}
        </FileButton>
      </Group>
      <Textarea label={t('integration.benchText')} autosize minRows={6} maxRows={16} value={text}
        onChange={(event) => { setText(event.currentTarget.value); setAnswer(null); }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }} />
      <Group>
        <Button onClick={() => void check()} loading={busy === 'check'} disabled={!analyser || text.trim() === ''}>{t('integration.benchCheck')}</Button>
      </Group>
      {result ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group gap="lg">
              <Text size="sm"><b>{result.protokol.toUpperCase()}</b></Text>
              <Text size="sm">{t('integration.benchDelimiters')}: <Code>{result.delimiteri ?? '—'}</Code></Text>
              {result.vrsta ? <Text size="sm">{t('integration.benchMessageType')}: {result.vrsta}</Text> : null}
              {result.upita > 0 ? <Text size="sm">{t('integration.benchQueries', { count: result.upita })}</Text> : null}
            </Group>
            {result.greska ? <Alert color="red" icon={<IconAlertTriangle />}>{t('integration.benchUnreadable', { error: result.greska })}</Alert> : null}
            {result.problemi.map((problem) => <Alert key={problem} color="orange" icon={<IconAlertTriangle />}>{problem}</Alert>)}
            {!result.greska && result.rezultati.length === 0 && result.mikrobiologija.length === 0
              ? <Text size="sm" c="dimmed">{t('integration.benchNoResults')}</Text> : null}
            {result.mikrobiologija.length > 0 ? (
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing={6} striped aria-label={t('integration.benchMicroCaption')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('integration.col_uzorak')}</Table.Th>
                      <Table.Th>{t('integration.col_uzorakPostoji')}</Table.Th>
                      <Table.Th>{t('integration.col_izolat')}</Table.Th>
                      <Table.Th>{t('integration.col_kod')}</Table.Th>
                      <Table.Th>{t('integration.col_referenca')}</Table.Th>
                      <Table.Th>{t('integration.col_vrijednost')}</Table.Th>
                      <Table.Th>{t('integration.col_sirAparat')}</Table.Th>
                      <Table.Th>{t('integration.col_sirNase')}</Table.Th>
                      <Table.Th>{t('integration.col_ishodProvjere')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.mikrobiologija.map((line, index) => (
                      <Table.Tr key={index} aria-label={`${line.uzorak} ${line.izolat} ${line.kod}`}>
                        <Table.Td>{line.uzorak || '—'}</Table.Td>
                        <Table.Td>{line.uzorak_postoji ? t('integration.yes') : t('integration.no')}</Table.Td>
                        <Table.Td>{line.izolat}</Table.Td>
                        <Table.Td>{line.vrsta === 'organizam' ? `${t('integration.benchMicroOrganism')}: ${line.kod || '—'}` : line.kod}</Table.Td>
                        <Table.Td>
                          {line.referenca === null ? <Text span size="sm" c="dimmed">{t('integration.benchNotMapped')}</Text>
                            : [line.referenca, line.naziv].filter(Boolean).join(' · ')}
                        </Table.Td>
                        <Table.Td>{line.vrsta === 'antibiotik' ? line.vrijednost : '—'}</Table.Td>
                        <Table.Td>{line.aparat ?? '—'}</Table.Td>
                        <Table.Td>{line.tumacenje ?? '—'}</Table.Td>
                        <Table.Td><MicrobiologyOutcome line={line} /></Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
            {result.rezultati.length > 0 ? (
              <Table.ScrollContainer minWidth={800}>
                <Table verticalSpacing={6} striped aria-label={t('integration.benchResultsCaption')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('integration.col_uzorak')}</Table.Th>
                      <Table.Th>{t('integration.col_uzorakPostoji')}</Table.Th>
                      <Table.Th>{t('integration.col_test')}</Table.Th>
                      <Table.Th>{t('integration.col_analiza')}</Table.Th>
                      <Table.Th>{t('integration.col_vrijednost')}</Table.Th>
                      <Table.Th>{t('integration.col_pohranjeno')}</Table.Th>
                      <Table.Th>{t('integration.col_ishodProvjere')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.rezultati.map((row, index) => (
                      <Table.Tr key={index} aria-label={`${row.uzorak} ${row.test}`}>
                        <Table.Td>{row.uzorak || '—'}</Table.Td>
                        <Table.Td>{row.kontrola ? '—' : row.uzorak_postoji ? t('integration.yes') : t('integration.no')}</Table.Td>
                        <Table.Td>{row.test}</Table.Td>
                        <Table.Td>{row.sifra ?? <Text span size="sm" c="dimmed">{t('integration.benchNotMapped')}</Text>}</Table.Td>
                        <Table.Td>{[row.vrijednost, row.jedinica, row.flag].filter(Boolean).join(' ')}</Table.Td>
                        <Table.Td>{row.pohranjeno ?? '—'}</Table.Td>
                        <Table.Td><Outcome row={row} /></Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
            {canStore && !result.greska ? (
              <Group justify="flex-end">
                <Button onClick={() => void store()} loading={busy === 'store'}>{t('integration.benchStore')}</Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
