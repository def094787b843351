/**
 * /integracija/postavke: an analyser's settings and its code mapping as a form. The mapping pairs the test
 * code the analyser sends with the lab assay its result is written to; how the analyser's control (QC)
 * specimens are recognised (specimen-id prefixes, the message's QC flag) sends their results to quality
 * control instead of a patient. A microbiology instrument (its kind) sends identifications and susceptibilities
 * that land as cultures' isolates; its organism and antibiotic codes map to the reference tables' codes where
 * they differ, one `code = reference` a line. The form checks with the domain's analyser schema before saving, and the
 * server's refusal is shown at its field.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon, Alert, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Select, Stack, Switch, Table, Text, Textarea, TextInput, Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ANALYSER_KINDS, ANALYSER_VALUE_TYPES, ASTM_SPECIMEN_ID_FIELDS, HL7_SPECIMEN_ID_FIELDS, analyserElementSchema, analyserInterpretationOf,
  controlRecognitionOf, isMessageCode, microbiologyInstrumentOf, newAnalyserElement, type AnalyserAnswer, type AnalyserInterpretation,
  type AnalyserKind, type AnalyserValueType, type MessageCode,
} from '@lis/domain';
import { messageText } from '../../i18n/index.ts';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { useActiveSession } from '../auth/index.ts';
import { analysers, assayChoices, integrationKeys, saveAnalyser } from './api.ts';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { HisOrdersPanel } from './HisOrdersPanel.tsx';

/** A code of the map, the lab assay it maps to, and how its value is read (undefined: automatic, by the assay). */
interface MappingRow { code: string; sifra: string | null; valueType?: AnalyserValueType | undefined }

/** One of the analyser's own codes for a qualitative answer (`tumacenje.answers`). */
interface AnswerRow { code: string; answer: string }

interface Draft {
  _id?: string;
  ime: string;
  protokol: 'astm' | 'hl7';
  mode: 'listen' | 'connect';
  host: string;
  port: number | string;
  checksum: boolean;
  aktivan: boolean;
  mapping: MappingRow[];
  /** The control specimens' prefixes as typed, separated by commas or spaces. */
  prefiksi: string;
  qcOznaka: boolean;
  /** How its messages are read (`tumacenje`); a field left out is the default (automatic). Value types and answers are edited as rows. */
  tumacenje: AnalyserInterpretation;
  answers: AnswerRow[];
  /** A microbiology instrument (ID/AST to cultures) or an analyser of test results. */
  vrsta: AnalyserKind;
  /** A microbiology instrument's code maps as typed, one `instrument code = reference code` a line. */
  organizmi: string;
  antibiotici: string;
  /** The microbiology settings the form does not show (organizamKodovi), kept as they are. */
  mikrobiologijaRest: Record<string, unknown>;
  /** Fields of the JSON element the form does not show, kept as they are. */
  rest: Record<string, unknown>;
}

const NEW = '__new__';

function draftOf(row: AnalyserAnswer | null): Draft {
  if (!row) {
    const fresh = newAnalyserElement();
    const controls = controlRecognitionOf(fresh);
    return {
      ime: '', protokol: 'astm', mode: 'listen', host: '', port: fresh.transport.port, checksum: true, aktivan: true, mapping: [{ code: '', sifra: null }],
      prefiksi: controls.prefiksi.join(', '), qcOznaka: controls.qc_oznaka, tumacenje: {}, answers: [], vrsta: 'rutina', organizmi: '', antibiotici: '',
      mikrobiologijaRest: {}, rest: {},
    };
  }
  const {
    _id, ime, protokol, transport, checksum, mapa, aktivan, kontrole, tumacenje, vrsta, mikrobiologija,
    veza: _v, zadnja_poruka: _z, poruka_danas: _p, created_at: _c, updated_at: _u, ...rest
  } = row;
  const controls = controlRecognitionOf({ kontrole });
  const interpretation = analyserInterpretationOf({ tumacenje });
  const { organizmi, antibiotici, ...mikrobiologijaRest } = microbiologyInstrumentOf({ mikrobiologija });
  return {
    _id, ime, protokol, mode: transport.mode, host: transport.mode === 'connect' ? transport.host : '', port: transport.port, checksum, aktivan,
    mapping: Object.entries(mapa).map(([code, sifra]) => ({ code, sifra, valueType: interpretation.valueTypes?.[code] })),
    prefiksi: controls.prefiksi.join(', '), qcOznaka: controls.qc_oznaka,
    tumacenje: interpretation, answers: Object.entries(interpretation.answers ?? {}).map(([code, answer]) => ({ code, answer })),
    vrsta: vrsta === 'mikrobiologija' ? 'mikrobiologija' : 'rutina', organizmi: codeMapText(organizmi), antibiotici: codeMapText(antibiotici),
    mikrobiologijaRest, rest,
  };
}

/** A code map as the form shows it: one `code = reference` a line. */
function codeMapText(map: Readonly<Record<string, string>>): string {
  return Object.entries(map).map(([code, reference]) => `${code} = ${reference}`).join('\n');
}

/** A code map as typed: `code = reference` (or `code reference`) a line, blank lines left out. */
function codeMapOf(text: string): Record<string, string> {
  return Object.fromEntries(text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '')
    .map((line) => line.split(/\s*=\s*|\s+/, 2).map((part) => part.trim()) as [string, string?]).map(([code, reference]) => [code, reference ?? '']));
}

/** The microbiology instrument's settings as saved; an analyser of test results has none. */
function microbiologyOf(draft: Draft): { vrsta?: AnalyserKind; mikrobiologija?: Record<string, unknown> } {
  if (draft.vrsta !== 'mikrobiologija') return {};
  return {
    vrsta: 'mikrobiologija',
    mikrobiologija: { ...draft.mikrobiologijaRest, organizmi: codeMapOf(draft.organizmi), antibiotici: codeMapOf(draft.antibiotici) },
  };
}

function elementOf(draft: Draft): Record<string, unknown> {
  const port = typeof draft.port === 'number' ? draft.port : Number(draft.port);
  return {
    ...draft.rest,
    ...(draft._id ? { _id: draft._id } : {}),
    ime: draft.ime,
    protokol: draft.protokol,
    transport: draft.mode === 'listen' ? { mode: 'listen', port } : { mode: 'connect', host: draft.host, port },
    checksum: draft.checksum,
    aktivan: draft.aktivan,
    mapa: Object.fromEntries(draft.mapping.filter((row) => row.code.trim() !== '' && row.sifra).map((row) => [row.code.trim(), row.sifra])),
    kontrole: { prefiksi: draft.prefiksi.split(/[\s,;]+/).filter((prefix) => prefix !== ''), qc_oznaka: draft.qcOznaka },
    ...interpretationOf(draft),
    ...microbiologyOf(draft),
  };
}

/**
 * The interpretation settings as saved: only the ones set (automatic is no field), only the protocol's own (the
 * specimen id field of its protocol, bare frames ASTM's), a value type for each mapped code that has one, the
 * answers typed; none at all: no `tumacenje`.
 */
function interpretationOf(draft: Draft): { tumacenje?: AnalyserInterpretation } {
  const { testCodeComponent, specimenIdField, decimalMark, bareFrames } = draft.tumacenje;
  const astm = draft.protokol === 'astm';
  const valueTypes = Object.fromEntries(draft.mapping.flatMap((row) => (row.code.trim() !== '' && row.valueType ? [[row.code.trim(), row.valueType]] : [])));
  const answers = Object.fromEntries(draft.answers.filter((row) => row.code.trim() !== '' || row.answer.trim() !== '')
    .map((row) => [row.code.trim(), row.answer.trim()]));
  const tumacenje: AnalyserInterpretation = {
    ...(testCodeComponent === undefined ? {} : { testCodeComponent }),
    ...(specimenIdField !== undefined && specimenFieldsOf(draft.protokol).some((field) => field === specimenIdField) ? { specimenIdField } : {}),
    ...(decimalMark === undefined ? {} : { decimalMark }),
    ...(astm && bareFrames === true ? { bareFrames } : {}),
    ...(Object.keys(valueTypes).length > 0 ? { valueTypes } : {}),
    ...(Object.keys(answers).length > 0 ? { answers } : {}),
  };
  return Object.keys(tumacenje).length > 0 ? { tumacenje } : {};
}

/** The fields a protocol's specimen id can be read from (ASTM O-3 …, HL7 OBR-3 …). */
function specimenFieldsOf(protokol: 'astm' | 'hl7'): readonly string[] {
  return protokol === 'hl7' ? HL7_SPECIMEN_ID_FIELDS : ASTM_SPECIMEN_ID_FIELDS;
}

/** A field's name as the standards write it: O3 → O-3, OBR3 → OBR-3. */
function fieldLabel(field: string): string {
  return field.replace(/(\d+)$/, '-$1');
}

const AUTOMATIC = 'auto';

/** The field a problem names, as the form knows it ('transport.port' → 'port', 'mapa.WBC' → 'mapa'). */
function formField(path: string): string {
  const parts = path.replace(/^analyser\./, '').split('.');
  if (parts[0] === 'transport') return parts[1] ?? 'port';
  if (parts[0] === 'tumacenje') return parts[1] === 'specimenIdField' || parts[1] === 'answers' ? parts[1] : 'tumacenje';
  if (parts[0] === 'mikrobiologija') return parts[1] === 'antibiotici' ? 'antibiotici' : 'organizmi';
  return parts[0] ?? '';
}

export function SettingsScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const canEdit = session.can('settings.write');
  const list = useQuery({ queryKey: integrationKeys.analysers(session.siteId), queryFn: ({ signal }) => analysers(signal) });
  const assays = useQuery({ queryKey: integrationKeys.assays, queryFn: ({ signal }) => assayChoices(signal) });
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const rows = useMemo(() => list.data ?? [], [list.data]);
  useEffect(() => {
    if (selected === null && rows.length > 0) setSelected(rows[0]?._id ?? null);
  }, [rows, selected]);
  const current = rows.find((row) => row._id === selected) ?? null;
  useEffect(() => {
    setDraft(draftOf(selected === NEW ? null : current));
    setErrors({});
  }, [selected, current?.updated_at]); // eslint-disable-line react-hooks/exhaustive-deps

  const assayOptions = useMemo(() => (assays.data ?? []).filter((assay) => !assay.disabled && !assay.calculated)
    .map((assay) => ({ value: assay.sifra, label: `${assay.sifra} — ${assay.naziv}` })), [assays.data]);
  const set = (change: Partial<Draft>) => setDraft((value) => ({ ...value, ...change }));
  const setInterpretation = (change: Partial<AnalyserInterpretation>) => setDraft((value) => ({ ...value, tumacenje: { ...value.tumacenje, ...change } }));
  const setMapping = (index: number, change: Partial<MappingRow>) =>
    set({ mapping: draft.mapping.map((row, at) => (at === index ? { ...row, ...change } : row)) });
  const setAnswer = (index: number, change: Partial<AnswerRow>) =>
    set({ answers: draft.answers.map((row, at) => (at === index ? { ...row, ...change } : row)) });
  const valueTypeOptions = [
    { value: AUTOMATIC, label: t('integration.automatic') },
    ...ANALYSER_VALUE_TYPES.map((type) => ({ value: type, label: t(`integration.valueType_${type}`) })),
  ];

  const save = async () => {
    const codes = draft.mapping.map((row) => row.code.trim()).filter(Boolean);
    const repeated = codes.find((code, index) => codes.indexOf(code) !== index);
    if (repeated) { setErrors({ mapa: t('integration.duplicateCode', { code: repeated }) }); return; }
    const element = elementOf(draft);
    const checked = analyserElementSchema.safeParse(element);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setErrors({ [formField(issue?.path.join('.') ?? '')]: messageText(isMessageCode(issue?.message ?? '') ? (issue?.message as MessageCode) : 'form.invalid', { field: issue?.path.join('.') ?? '' }) });
      return;
    }
    setSaving(true);
    try {
      const answer = await saveAnalyser(checked.data);
      notify.success(answer.message);
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
      setSelected(answer.analyser._id);
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [formField(error.field)]: error.message });
      else notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">{t('integration.settingsTitle')}</Title>
        {canEdit ? <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => setSelected(NEW)}>{t('integration.newAnalyser')}</Button> : null}
      </Group>
      {list.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('integration.failed')}</Alert> : null}
      <Group align="flex-end">
        <Select
          label={t('integration.analyser')} placeholder={t('integration.chooseAnalyser')} w={320}
          data={[...rows.map((row) => ({ value: row._id, label: row.ime })), ...(selected === NEW ? [{ value: NEW, label: t('integration.newTitle') }] : [])]}
          value={selected} onChange={setSelected} allowDeselect={false}
        />
        {current && selected !== NEW ? <ConnectionBadge veza={current.veza} /> : null}
      </Group>
      {selected !== null ? (
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Group grow align="flex-start">
              <TextInput label={t('integration.ime')} required value={draft.ime} onChange={(event) => set({ ime: event.currentTarget.value })} error={errors.ime} readOnly={!canEdit} />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="protokol-label">{t('integration.protokol')}</Text>
                <SegmentedControl aria-labelledby="protokol-label" value={draft.protokol} readOnly={!canEdit}
                  onChange={(value) => set({ protokol: value === 'hl7' ? 'hl7' : 'astm' })}
                  data={[{ value: 'astm', label: 'ASTM E1381/E1394' }, { value: 'hl7', label: 'HL7 v2 (MLLP)' }]} />
              </Stack>
            </Group>
            <Group grow align="flex-start">
              <Select label={t('integration.mode')} value={draft.mode} allowDeselect={false} readOnly={!canEdit}
                onChange={(value) => set({ mode: value === 'connect' ? 'connect' : 'listen' })}
                data={[{ value: 'listen', label: t('integration.modeListen') }, { value: 'connect', label: t('integration.modeConnect') }]} />
              {draft.mode === 'connect'
                ? <TextInput label={t('integration.host')} required value={draft.host} onChange={(event) => set({ host: event.currentTarget.value })} error={errors.host} readOnly={!canEdit} />
                : null}
              <NumberInput label={t('integration.port')} required min={0} max={65535} allowDecimal={false} value={draft.port}
                onChange={(value) => set({ port: value })} error={errors.port} readOnly={!canEdit} />
            </Group>
            <Group>
              <Checkbox label={t('integration.checksum')} checked={draft.checksum} disabled={!canEdit} onChange={(event) => set({ checksum: event.currentTarget.checked })} />
              <Checkbox label={t('integration.aktivan')} checked={draft.aktivan} disabled={!canEdit} onChange={(event) => set({ aktivan: event.currentTarget.checked })} />
            </Group>
            <Title order={2} size="h4" mt="sm">{t('integration.controlsTitle')}</Title>
            <Text size="sm" c="dimmed">{t('integration.controlsHelp')}</Text>
            <Group grow align="flex-start">
              <TextInput label={t('integration.controlPrefixes')} description={t('integration.controlPrefixesHelp')} value={draft.prefiksi}
                onChange={(event) => set({ prefiksi: event.currentTarget.value })} error={errors.kontrole} readOnly={!canEdit} />
              <Checkbox mt="xl" label={t('integration.controlFlag')} checked={draft.qcOznaka} disabled={!canEdit}
                onChange={(event) => set({ qcOznaka: event.currentTarget.checked })} />
            </Group>
            <Title order={2} size="h4" mt="sm">{t('integration.interpretationTitle')}</Title>
            <Text size="sm" c="dimmed">{t('integration.interpretationHelp')}</Text>
            <Group grow align="flex-start">
              <Select label={t('integration.specimenIdField')} allowDeselect={false} readOnly={!canEdit} error={errors.specimenIdField}
                value={specimenFieldsOf(draft.protokol).find((field) => field === draft.tumacenje.specimenIdField) ?? AUTOMATIC}
                data={[{ value: AUTOMATIC, label: t('integration.automatic') }, ...specimenFieldsOf(draft.protokol).map((field) => ({ value: field, label: fieldLabel(field) }))]}
                onChange={(value) => setInterpretation({
                  specimenIdField: [...ASTM_SPECIMEN_ID_FIELDS, ...HL7_SPECIMEN_ID_FIELDS].find((field) => field === value),
                })} />
              <NumberInput label={t('integration.testCodeComponent')} description={t('integration.testCodeComponentHelp')} placeholder={t('integration.automatic')}
                min={1} max={20} allowDecimal={false} readOnly={!canEdit} value={draft.tumacenje.testCodeComponent ?? ''} error={errors.tumacenje}
                onChange={(value) => setInterpretation({ testCodeComponent: typeof value === 'number' ? value : undefined })} />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="decimal-mark-label">{t('integration.decimalMark')}</Text>
                <SegmentedControl aria-labelledby="decimal-mark-label" readOnly={!canEdit} value={draft.tumacenje.decimalMark ?? AUTOMATIC}
                  onChange={(value) => setInterpretation({ decimalMark: value === '.' || value === ',' ? value : undefined })}
                  data={[{ value: AUTOMATIC, label: t('integration.automatic') }, { value: '.', label: '.' }, { value: ',', label: ',' }]} />
              </Stack>
            </Group>
            {draft.protokol === 'astm' ? (
              <Switch label={t('integration.bareFrames')} checked={draft.tumacenje.bareFrames === true} disabled={!canEdit}
                onChange={(event) => setInterpretation({ bareFrames: event.currentTarget.checked ? true : undefined })} />
            ) : null}
            <Title order={3} size="h5">{t('integration.answersTitle')}</Title>
            <Text size="sm" c="dimmed">{t('integration.answersHelp')}</Text>
            {errors.answers ? <Alert color="red" icon={<IconAlertTriangle />}>{errors.answers}</Alert> : null}
            {draft.answers.length > 0 ? (
              <Table verticalSpacing={4} aria-label={t('integration.answersTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('integration.answerCode')}</Table.Th>
                    <Table.Th>{t('integration.answer')}</Table.Th>
                    <Table.Th w={48}><VisuallyHidden>{t('integration.actions')}</VisuallyHidden></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draft.answers.map((row, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>
                        <TextInput aria-label={`${t('integration.answerCode')} ${index + 1}`} value={row.code} readOnly={!canEdit}
                          onChange={(event) => setAnswer(index, { code: event.currentTarget.value })} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput aria-label={`${t('integration.answer')} ${index + 1}`} value={row.answer} readOnly={!canEdit}
                          placeholder={t('integration.answerPlaceholder')} onChange={(event) => setAnswer(index, { answer: event.currentTarget.value })} />
                      </Table.Td>
                      <Table.Td>
                        {canEdit ? (
                          <ActionIcon variant="subtle" color="red" aria-label={t('integration.removeAnswer', { code: row.code })}
                            onClick={() => set({ answers: draft.answers.filter((_, at) => at !== index) })}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {canEdit ? (
              <Group>
                <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={() => set({ answers: [...draft.answers, { code: '', answer: '' }] })}>
                  {t('integration.addAnswer')}
                </Button>
              </Group>
            ) : null}
            <Title order={2} size="h4" mt="sm">{t('integration.kindTitle')}</Title>
            <Text size="sm" c="dimmed">{t('integration.kindHelp')}</Text>
            <Select label={t('integration.kind')} allowDeselect={false} readOnly={!canEdit} value={draft.vrsta}
              data={ANALYSER_KINDS.map((kind) => ({ value: kind, label: t(`integration.kind_${kind}`) }))}
              onChange={(value) => set({ vrsta: value === 'mikrobiologija' ? 'mikrobiologija' : 'rutina' })} />
            {draft.vrsta === 'mikrobiologija' ? (
              <Group grow align="flex-start">
                <Textarea label={t('integration.organismMap')} description={t('integration.organismMapHelp')} autosize minRows={3} readOnly={!canEdit}
                  value={draft.organizmi} onChange={(event) => set({ organizmi: event.currentTarget.value })} error={errors.organizmi}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
                <Textarea label={t('integration.antibioticMap')} description={t('integration.antibioticMapHelp')} autosize minRows={3} readOnly={!canEdit}
                  value={draft.antibiotici} onChange={(event) => set({ antibiotici: event.currentTarget.value })} error={errors.antibiotici}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
              </Group>
            ) : null}
            <Title order={2} size="h4" mt="sm">{t('integration.mappingTitle')}</Title>
            <Text size="sm" c="dimmed">{t('integration.mappingHelp')}</Text>
            {errors.mapa ? <Alert color="red" icon={<IconAlertTriangle />}>{errors.mapa}</Alert> : null}
            <Table verticalSpacing={4} aria-label={t('integration.mappingTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('integration.analyserCode')}</Table.Th>
                  <Table.Th>{t('integration.labAssay')}</Table.Th>
                  <Table.Th>{t('integration.valueType')}</Table.Th>
                  <Table.Th w={48}><VisuallyHidden>{t('integration.actions')}</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.mapping.map((row, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <TextInput aria-label={`${t('integration.analyserCode')} ${index + 1}`} value={row.code} readOnly={!canEdit}
                        onChange={(event) => setMapping(index, { code: event.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td>
                      <Select aria-label={`${t('integration.labAssay')} ${index + 1}`} data={assayOptions} value={row.sifra} searchable readOnly={!canEdit}
                        onChange={(value) => setMapping(index, { sifra: value })} nothingFoundMessage="—" />
                    </Table.Td>
                    <Table.Td>
                      <Select aria-label={`${t('integration.valueType')} ${index + 1}`} data={valueTypeOptions} allowDeselect={false} readOnly={!canEdit}
                        value={row.valueType ?? AUTOMATIC} w={150}
                        onChange={(value) => setMapping(index, { valueType: ANALYSER_VALUE_TYPES.find((type) => type === value) })} />
                    </Table.Td>
                    <Table.Td>
                      {canEdit ? (
                        <ActionIcon variant="subtle" color="red" aria-label={t('integration.removeMapping', { code: row.code })}
                          onClick={() => set({ mapping: draft.mapping.filter((_, at) => at !== index) })}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {draft.mapping.length === 0 ? <Text size="sm" c="dimmed">{t('integration.noMapping')}</Text> : null}
            {canEdit ? (
              <Group justify="space-between">
                <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => set({ mapping: [...draft.mapping, { code: '', sifra: null }] })}>
                  {t('integration.addMapping')}
                </Button>
                <Button loading={saving} onClick={() => void save()}>{t('integration.save')}</Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <HisOrdersPanel canEdit={canEdit} />
    </Stack>
  );
}
