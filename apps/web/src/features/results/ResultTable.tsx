/**
 * The sample's tests, section by section in report order: test, the result
 * (a text field, the Negativan/Pozitivan field, or the computed value of a
 * calculated test), unit, the reference range that applies to the patient,
 * the flag as the value is typed, the previous verified value (delta check),
 * who entered the result and when, and the test's earlier values.
 * Editable fields take part in Enter navigation (data-enter-next).
 */
import { Badge, Group, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CALCULATED_RESULT_SOURCE, type QualitativeReading } from '@lis/domain';
import { messageText, useLanguage } from '../../i18n/index.ts';
import { formatReferenceNumber, shownResult } from '../../lib/reference-range-text.ts';
import { formatDate, formatDateTime } from '../../lib/date-time.ts';
import { assayName, assayTag } from '../../lib/catalogue-name.ts';
import type { ResultTest } from './api.ts';
import { FlagBadge } from './FlagBadge.tsx';
import { QualitativeField } from './QualitativeField.tsx';
import { type Drafts, type ResultSection, isChanged, referenceText, shownFlag, shownText, valueProblem } from './result-values.ts';
import { TestHistoryButton } from './TestHistoryButton.tsx';
import { ReflexBadge } from '../reflex/index.ts';
import { ReleasedBadge } from '../autoverification/index.ts';
import { REFLOW_QUERY } from '../../components/reflow-table.ts';
import classes from './result-table.module.css';

interface ResultTableProps {
  sid: string;
  code: string;
  sections: readonly ResultSection[];
  drafts: Drafts;
  /** Inputs instead of plain values: the sample takes results and the user may enter them. */
  editable: boolean;
  onChange: (testId: string, text: string) => void;
  /** Opens the sample-result dialog of a qualitative test. */
  onChoose: (test: ResultTest, reading: QualitativeReading) => void;
  /** Tools shown under a result (retest, erase, a pending retest's mark); none by default. */
  rowTools?: ((test: ResultTest) => React.ReactNode) | undefined;
}

const COLUMNS = 8;


export function ResultTable({ sid, code, sections, drafts, editable, onChange, onChoose, rowTools }: ResultTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // On a narrow screen each test's row stacks its parts (result-table.module.css) instead of scrolling sideways.
  const stacked = useMediaQuery(REFLOW_QUERY) ?? false;
  return (
    <Table.ScrollContainer minWidth={stacked ? 0 : 960}>
      <Table className={classes.table} verticalSpacing={6} horizontalSpacing="sm" aria-label={t('results.resultsTable', { code })} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('results.test')}</Table.Th>
            <Table.Th w={170}>{t('results.result')}</Table.Th>
            <Table.Th w={90}>{t('results.unit')}</Table.Th>
            <Table.Th w={120}>{t('results.reference')}</Table.Th>
            <Table.Th w={130}>
              <Tooltip label={t('results.liveFlag')} multiline w={260} openDelay={300}>
                <span>{t('results.flag')}</span>
              </Tooltip>
            </Table.Th>
            <Table.Th w={120}>{t('results.previous')}</Table.Th>
            <Table.Th w={140}>{t('results.entered')}</Table.Th>
            <Table.Th w={36}><VisuallyHidden>{t('results.historyTitle')}</VisuallyHidden></Table.Th>
          </Table.Tr>
        </Table.Thead>
        {sections.map((section) => (
          <Table.Tbody key={section._id}>
            <Table.Tr bg="var(--mantine-color-gray-0)" className={classes.section}>
              <Table.Th colSpan={COLUMNS} scope="colgroup">
                <Text size="sm" fw={700} tt="uppercase" c="gray.8">{assayName(section, language)}</Text>
              </Table.Th>
            </Table.Tr>
            {section.tests.map((test) => (
              <ResultRow key={test._id} sid={sid} test={test} drafts={drafts} editable={editable} onChange={onChange} onChoose={onChoose} tools={rowTools?.(test)} stacked={stacked} />
            ))}
          </Table.Tbody>
        ))}
      </Table>
    </Table.ScrollContainer>
  );
}

interface ResultRowProps {
  sid: string;
  test: ResultTest;
  drafts: Drafts;
  editable: boolean;
  onChange: (testId: string, text: string) => void;
  onChoose: (test: ResultTest, reading: QualitativeReading) => void;
  tools?: React.ReactNode;
  /** A narrow screen's stacked row: the unit is shown beside the reference range, its own column being hidden. */
  stacked: boolean;
}

function ResultRow({ sid, test, drafts, editable, onChange, onChoose, tools, stacked }: ResultRowProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const naziv = assayName(test, language);
  // Beside the name, what tells the test apart: the analyte name in Bosnian, the code in English and German.
  const tag = assayTag(test, language);
  const value = shownText(test, drafts);
  const changed = isChanged(test, drafts);
  const problem = valueProblem(test, drafts);
  const problemText = problem ? messageText(problem, { naziv }) : null;
  const flag = shownFlag(test, value);
  const reference = referenceText(test.referenca, formatReferenceNumber);
  const problemId = `result-problem-${test._id}`;

  let field: React.ReactNode;
  if (test.calculated) {
    field = (
      <Group gap={6} wrap="nowrap">
        <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`result-value-${test.sifra}`}>
          {value || t('results.noResult')}
        </Text>
        <Tooltip label={t('results.calculatedHint')} openDelay={300} multiline w={240}>
          <Badge variant="light" color="gray" c="gray.9" size="sm" leftSection={<IconCalculator size={12} aria-hidden />}>{t('results.calculated')}</Badge>
        </Tooltip>
      </Group>
    );
  } else if (!editable) {
    field = <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-word' }} data-testid={`result-value-${test.sifra}`}>{value || t('results.noResult')}</Text>;
  } else if (test.vrsta === 'qualitative') {
    field = (
      <QualitativeField
        test={test}
        value={value}
        onChange={(text) => onChange(test._id, text)}
        onChoose={(reading) => onChoose(test, reading)}
        invalid={problem !== null}
        enterGroup={test._id}
        describedBy={problemText ? problemId : undefined}
      />
    );
  } else {
    field = (
      <TextInput
        size="sm"
        value={value}
        onChange={(event) => onChange(test._id, event.currentTarget.value)}
        aria-label={t('results.resultOf', { naziv })}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problemText ? problemId : undefined}
        error={problem !== null}
        autoComplete="off"
        spellCheck={false}
        // Reaching a field that holds a value (Enter from the one before) selects it, so what is typed replaces it.
        onFocus={(event) => event.currentTarget.select()}
        data-enter-next={test._id}
        data-result-input=""
        styles={{ input: { fontWeight: 600, fontVariantNumeric: 'tabular-nums', ...(changed ? { background: 'var(--mantine-color-yellow-0)' } : {}) } }}
      />
    );
  }

  return (
    <Table.Tr className={classes.row} data-testid={`result-row-${test.sifra}`} data-changed={changed || undefined}>
      <Table.Td className={classes.test}>
        <Text size="sm" fw={600} lh={1.25}>{naziv}</Text>
        {test.refleks ? <ReflexBadge /> : null}
        {test.pusten ? <ReleasedBadge released={test.pusten} /> : null}
        {tag && tag !== naziv ? <Text size="xs" c="dimmed">{tag}</Text> : null}
      </Table.Td>
      <Table.Td className={classes.result}>
        {field}
        {tools}
        {problemText ? <Text id={problemId} size="xs" c="var(--mantine-color-error)" mt={2}>{problemText}</Text> : null}
      </Table.Td>
      <Table.Td className={classes.unit}><Text size="sm">{test.jedinica}</Text></Table.Td>
      <Table.Td className={classes.reference} data-label={reference ? t('results.reference') : undefined}>
        <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>{reference}</Text>
        {stacked && test.jedinica ? <Text span size="sm">{` ${test.jedinica}`}</Text> : null}
      </Table.Td>
      <Table.Td className={classes.flag} data-testid={`result-flag-${test.sifra}`}><FlagBadge flag={flag} /></Table.Td>
      <Table.Td className={classes.previous}><DeltaMarker test={test} showsStored={!changed} /></Table.Td>
      <Table.Td className={classes.entered}>
        {test.unio ? (
          <Text size="xs" c="gray.7" lh={1.35}>
            {test.unio === CALCULATED_RESULT_SOURCE ? t('results.calculated') : test.unio}
            {test.unio_at ? <><br />{formatDateTime(test.unio_at)}</> : null}
            {test.aparat_flag ? <><br /><span data-testid={`analyser-flags-${test.sifra}`}>{t('results.analyserFlags', { flags: test.aparat_flag })}</span></> : null}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td className={classes.history}>{test.unio || test.rezultat !== null ? <TestHistoryButton sid={sid} test={test} /> : null}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The previous verified result and its date. The server judged the saved
 * value against the assay's delta limit; while a new value is being typed
 * that verdict does not apply to it, so the mark waits for the save.
 */
function DeltaMarker({ test, showsStored }: { test: ResultTest; showsStored: boolean }) {
  const { t } = useTranslation();
  if (!test.delta) return null;
  const exceeded = showsStored && test.delta.exceeded;
  const text = t('results.deltaPrevious', { value: shownResult(test.delta.previous), date: formatDate(test.delta.previousAt) });
  return (
    <Tooltip label={exceeded ? t('results.deltaExceeded') : t('results.deltaTitle')} openDelay={300}>
      <Group
        gap={4}
        wrap="nowrap"
        data-delta-exceeded={exceeded || undefined}
        // Highlighted by an orange tint and icon; the text stays near-black for contrast.
        bg={exceeded ? 'orange.1' : undefined}
        px={exceeded ? 4 : 0}
        style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'inline-flex' }}
      >
        {exceeded ? <IconAlertTriangle size={14} color="var(--mantine-color-orange-8)" aria-hidden /> : null}
        <Text size="xs" fw={exceeded ? 700 : 400} c={exceeded ? 'gray.9' : 'gray.7'} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {text}
          {exceeded ? <VisuallyHidden>{` — ${t('results.deltaExceeded')}`}</VisuallyHidden> : null}
        </Text>
      </Group>
    </Tooltip>
  );
}
