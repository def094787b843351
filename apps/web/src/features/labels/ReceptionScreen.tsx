/**
 * /barcode, 'Prijem uzorka' (hidden from the menu): the lab receives tubes by
 * scanning their labels. A barcode scanner types the code and Enter; the
 * field empties at once and keeps the focus, so the next tube can be scanned
 * while the last one is being received (scans are sent one after another).
 * POST /api/uzorci/prijem moves ZAPRIMLJEN to U OBRADI; the result shows the
 * patient, code, tests and status, and every scan of this session is listed.
 * A label that will not scan is found by its running number ('Redni broj').
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconBarcode, IconCircleCheck, IconHash, IconInfoCircle, IconLoader2, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sampleContracts } from '@lis/domain';
import { ApiError, call } from '../../api/client.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { currentLanguage, serverMessage, messageText } from '../../i18n/index.ts';
import { assayShortName } from '../../lib/catalogue-name.ts';
import { useActiveSession } from '../auth/index.ts';
import { showSample } from '../samples/index.ts';
import { formatTime } from '../../lib/date-time.ts';
import {
  type ScanEntry, type ScanOutcome, addScan, normaliseScan, outcomeOfAnswer, outcomeOfError, readHistory, updateScan, writeHistory,
} from './reception.ts';
import { SerialNumberDialog } from './SerialNumberDialog.tsx';
import classes from '../../components/sample-code.module.css';
import { READABLE_ALERT_STYLES, READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { patientName } from '../../lib/patient-name.ts';

const OUTCOME_COLORS: Record<ScanOutcome, string> = {
  pending: 'gray', received: 'teal', already: 'blue', notFound: 'orange', failed: 'red',
};
const OUTCOME_KEYS = {
  pending: 'labels.result_pending', received: 'labels.result_received', already: 'labels.result_already',
  notFound: 'labels.result_notFound', failed: 'labels.result_failed',
} as const;

/** The result box keeps this height from the start, so the first scan moves nothing below it. */
const RESULT_HEIGHT = 132;

let scanCounter = 0;

export function ReceptionScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const siteId = session.siteId;
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [history, setHistory] = useState<ScanEntry[]>(() => readHistory(siteId));
  const inputRef = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [serialOpened, serial] = useDisclosure(false);

  useEffect(() => {
    writeHistory(siteId, history);
  }, [siteId, history]);

  // Another site was chosen: its own history.
  const [historySite, setHistorySite] = useState(siteId);
  if (historySite !== siteId) {
    setHistorySite(siteId);
    setHistory(readHistory(siteId));
  }

  const refocus = () => inputRef.current?.focus();

  const receive = async (entry: ScanEntry) => {
    let change: Partial<ScanEntry>;
    try {
      const answer = await call(sampleContracts.reception, { body: { code: entry.code } });
      change = { outcome: outcomeOfAnswer(answer), sample: answer.uzorak };
      try {
        const { uzorak } = await showSample(answer.uzorak._id);
        change = {
          ...change,
          sample: { _id: uzorak._id, code: uzorak.code, status: uzorak.status, pid: uzorak.pid },
          patient: { ime: uzorak.patient.ime, prezime: uzorak.patient.prezime, jmbg: uzorak.patient.jmbg },
          tests: uzorak.tests.map((test) => assayShortName({ ...test, naziv: test.ime_testa }, currentLanguage())),
        };
      } catch {
        // The sample was received; only its details could not be shown.
      }
      await queryClient.invalidateQueries({ queryKey: ['samples'] });
    } catch (error) {
      const failure = outcomeOfError(error);
      change = { outcome: failure.outcome, message: error instanceof ApiError ? serverMessage(error) : failure.message };
    }
    setHistory((current) => updateScan(current, entry.key, change));
  };

  /** Receives a tube by its code: scanned, typed, or chosen by its running number. */
  const receiveCode = (raw: string) => {
    const code = normaliseScan(raw);
    refocus();
    if (code === '') return;
    scanCounter += 1;
    const entry: ScanEntry = { key: `${Date.now()}-${scanCounter}`, code, at: new Date().toISOString(), outcome: 'pending' };
    setHistory((current) => addScan(current, entry));
    queue.current = queue.current.then(() => receive(entry)).finally(refocus);
  };

  const scan = () => {
    const typed = value;
    setValue('');
    receiveCode(typed);
  };

  const latest = history[0] ?? null;

  return (
    <Stack gap="lg" maw={1040} mx="auto">
      <div>
        <Title order={1} size="h2">{t('labels.receptionTitle')}</Title>
        <Text c="dimmed">{t('labels.receptionHint')}</Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            scan();
          }}
        >
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              ref={inputRef}
              label={t('labels.scanLabel')}
              placeholder={t('labels.scanPlaceholder')}
              size="xl"
              style={{ flex: 1 }}
              leftSection={<IconBarcode size={28} aria-hidden />}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              data-autofocus
              classNames={{ input: classes.code }}
            />
            <Button type="submit" size="xl" variant="light">{t('labels.scanSubmit')}</Button>
          </Group>
        </form>
        <Group justify="flex-end" mt="sm">
          {/* A label that will not scan: its running number finds the tube among today's samples. */}
          <Button variant="subtle" size="sm" leftSection={<IconHash size={16} aria-hidden />} onClick={serial.open} title={t('labels.serialOpenHint')}>
            {t('labels.serialOpen')}
          </Button>
        </Group>
      </Paper>
      <SerialNumberDialog opened={serialOpened} onClose={() => { serial.close(); refocus(); }} onPick={(sample) => receiveCode(sample.code)} />

      <div aria-live="polite">
        {latest ? <ScanResult entry={latest} /> : (
          <Paper radius="md" p="lg" mih={RESULT_HEIGHT} style={{ border: '1px dashed var(--mantine-color-gray-4)' }} bg="transparent">
            <Group gap="sm" c="dimmed" h="100%">
              <IconBarcode size={22} aria-hidden />
              <Text c="dimmed">{t('labels.resultPlaceholder')}</Text>
            </Group>
          </Paper>
        )}
      </div>

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">{t('labels.history')}</Title>
          {history.length > 0 ? (
            <Button variant="subtle" size="xs" color="gray" leftSection={<IconX size={14} aria-hidden />} onClick={() => { setHistory([]); refocus(); }}>
              {t('labels.historyClear')}
            </Button>
          ) : null}
        </Group>
        {history.length === 0 ? <Text c="dimmed" size="sm">{t('labels.historyEmpty')}</Text> : (
          // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
          <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
            <Table striped verticalSpacing="xs" aria-label={t('labels.history')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{t('labels.col_time')}</Table.Th>
                  <Table.Th>{t('labels.col_code')}</Table.Th>
                  <Table.Th>{t('labels.col_patient')}</Table.Th>
                  <Table.Th>{t('labels.col_result')}</Table.Th>
                  <Table.Th>{t('labels.col_status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.map((entry) => (
                  <Table.Tr key={entry.key}>
                    <Table.Td>{formatTime(entry.at)}</Table.Td>
                    <Table.Td className={classes.code} fw={600}>{entry.code}</Table.Td>
                    <Table.Td>{entry.patient ? patientName(entry.patient) : ''}</Table.Td>
                    <Table.Td><Badge variant="light" color={OUTCOME_COLORS[entry.outcome]} c={READABLE_BADGE_TEXT} tt="none">{t(OUTCOME_KEYS[entry.outcome])}</Badge></Table.Td>
                    <Table.Td>{entry.sample ? <StatusBadge status={entry.sample.status} /> : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}

function ScanResult({ entry }: { entry: ScanEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const icon = {
    pending: <IconLoader2 aria-hidden />, received: <IconCircleCheck aria-hidden />, already: <IconInfoCircle aria-hidden />,
    notFound: <IconAlertTriangle aria-hidden />, failed: <IconAlertTriangle aria-hidden />,
  }[entry.outcome];
  // Received or not: the server's own sentences ('Uzorak zaprimljen u obradu.', 'Uzorak je već zaprimljen.').
  const title = entry.outcome === 'pending' ? t('labels.scanning', { code: entry.code })
    : entry.outcome === 'notFound' ? t('labels.notFound', { code: entry.code })
      : entry.outcome === 'failed' ? entry.message ?? t('labels.result_failed')
        : messageText(entry.outcome === 'received' ? 'sample.received' : 'sample.alreadyReceived');
  return (
    <Alert styles={READABLE_ALERT_STYLES} color={OUTCOME_COLORS[entry.outcome]} variant="light" icon={icon} title={title} mih={RESULT_HEIGHT} data-testid="scan-result">
      {entry.sample ? (
        <Stack gap="xs">
          <Group gap="lg" wrap="wrap">
            <Text size="xl" fw={700} className={classes.code}>{entry.sample.code}</Text>
            <StatusBadge status={entry.sample.status} />
            {entry.patient ? (
              <Text fw={600}>{patientName(entry.patient)} <Text span c="dimmed" ff="monospace" size="sm">{entry.patient.jmbg}</Text></Text>
            ) : null}
            <Button variant="subtle" size="compact-sm" onClick={() => void navigate(`/samples/${entry.sample!.pid}`)}>{t('labels.openPatient')}</Button>
          </Group>
          {entry.tests && entry.tests.length > 0 ? (
            <Group gap={6} aria-label={t('labels.tests')} role="list">
              {entry.tests.map((test) => <Badge key={test} variant="outline" color="gray" c={READABLE_BADGE_TEXT} tt="none" role="listitem">{test}</Badge>)}
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Alert>
  );
}
