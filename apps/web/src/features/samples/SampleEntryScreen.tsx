/**
 * /samples/{patient_id}: sample entry for a patient.
 * The header shows who the patient is (name, ID, age from the ID, sex). The
 * new sample takes its date and time, type and comment, the clinical flags,
 * referral, the urgent star and tests
 * from the picker, which the server filters for the patient's age, sex,
 * pregnancy and menopause; SAČUVAJ creates it (status ZAPRIMLJEN) and shows
 * its code with the label. Beside it: the patient's samples of today.
 */
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SelectedTest, ownSampleType, sampleTypeGroups, testsNeedingAnotherSample, totalPrice } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { notify } from '../../components/notify.tsx';
import { currentLanguage, serverMessage, messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { LabelDialog, type LabelTarget } from '../labels/index.ts';
import { useSpolLabel } from '../../lib/spol-label.ts';
import { type SamplePatient, type Uzorak, pickerTests, samplePatient, sampleKeys, saveSample, testPanels } from './api.ts';
import { ageText, formatKm } from './format.ts';
import { requestedTests } from './picker-selection.ts';
import { useTestSelection } from './use-test-selection.ts';
import { EMPTY_DETAILS, SampleDetailsFields, sampleDetailsBody, type SampleDetails } from './SampleDetailsFields.tsx';
import { useSampleTypes } from './sample-types.ts';
import { EMPTY_FLAGS, SampleFields, type SampleFlags } from './SampleFields.tsx';
import { SampleEditDialog } from './SampleEditDialog.tsx';
import { SelectedTests, TestPicker } from './TestPicker.tsx';
import { TodaySamples } from './TodaySamples.tsx';
import { UrgentStar } from './UrgentStar.tsx';
import codeClasses from '../../components/sample-code.module.css';
import classes from './samples.module.css';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { useAssayName, useAssayShortName } from '../../lib/catalogue-name.ts';
import { patientName } from '../../lib/patient-name.ts';

export function SampleEntryScreen() {
  const { patientId = '' } = useParams();
  const { t } = useTranslation();
  const session = useActiveSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<string | null>(null);
  const [label, setLabel] = useState<LabelTarget | null>(null);
  const patient = useQuery({
    queryKey: sampleKeys.patient(patientId),
    queryFn: ({ signal }) => samplePatient(patientId, signal),
    enabled: patientId !== '',
  });
  const notFound = patient.error instanceof ApiError && (patient.error.status === 404 || patient.error.status === 400);

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">{t('samples.title')}</Title>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => void navigate('/prijem')}>
          {t('samples.back')}
        </Button>
      </Group>
      {notFound ? (
        <Alert styles={READABLE_ALERT_STYLES} color="orange">{t('samples.patientMissing')}</Alert>
      ) : patient.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red">{t('samples.loadFailed')}</Alert>
      ) : (
        <>
          <PatientHeader patient={patient.data} />
          {patient.data ? (
            <NewSample
              patient={patient.data}
              canWrite={session.can('samples.write')}
              onLabel={setLabel}
              aside={(
                <Paper withBorder radius="md" p="lg">
                  <TodaySamples patient={patient.data} onEdit={setEditing} onLabel={setLabel} />
                </Paper>
              )}
            />
          ) : null}
        </>
      )}
      <SampleEditDialog sampleId={editing} onClose={() => setEditing(null)} />
      <LabelDialog sample={label} onClose={() => setLabel(null)} />
    </Stack>
  );
}

function PatientHeader({ patient }: { patient: SamplePatient | undefined }) {
  const { t } = useTranslation();
  const spolLabel = useSpolLabel();
  const age = patient?.jmbgObj ? ageText(patient.jmbgObj) : null;
  const facts: { label: string; value: string | undefined; mono?: boolean }[] = [
    { label: t('samples.jmbg'), value: patient?.jmbg, mono: true },
    { label: t('samples.age'), value: patient ? (age ? t(`samples.${age.key}`, age) : t('samples.ageUnknown')) : undefined },
    { label: t('samples.spol'), value: patient ? (patient.spol ? spolLabel(patient.spol) : '—') : undefined },
  ];
  return (
    <Paper withBorder radius="md" p="lg" aria-busy={!patient}>
      <Group justify="space-between" align="center" gap="lg" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('samples.patient')}</Text>
          {patient ? (
            <Text fw={700} size="xl" lh={1.3}>{patientName(patient)}</Text>
          ) : <Skeleton h={26} w={240} mt={2} />}
        </div>
        <Group gap="xl" wrap="wrap">
          {facts.map((fact) => (
            <div key={fact.label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{fact.label}</Text>
              {fact.value !== undefined ? (
                <Text fw={500} className={fact.mono ? codeClasses.code : undefined}>{fact.value}</Text>
              ) : <Skeleton h={20} w={110} mt={2} />}
            </div>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}

interface NewSampleProps {
  patient: SamplePatient;
  canWrite: boolean;
  onLabel: (sample: LabelTarget) => void;
  /** Shown under the chosen tests: the patient's samples of today. */
  aside: React.ReactNode;
}

/** The new sample: flags and picker on the left; on the right the chosen tests, total and SAČUVAJ, then `aside`. */
function NewSample({ patient, canWrite, onLabel, aside }: NewSampleProps) {
  const { t } = useTranslation();
  const shortName = useAssayShortName();
  const language = currentLanguage();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const [flags, setFlags] = useState<SampleFlags>(EMPTY_FLAGS);
  const [details, setDetails] = useState<SampleDetails>(EMPTY_DETAILS);
  const searchRef = useRef<HTMLInputElement>(null);
  const [hitan, setHitan] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Uzorak[]>([]);

  const picker = useQuery({
    queryKey: sampleKeys.picker(patient._id, flags.trudnica, flags.menopauza, flags.partner),
    queryFn: ({ signal }) => pickerTests(patient._id, { trudnica: flags.trudnica, menopauza: flags.menopauza, partner: flags.partner }, signal),
    placeholderData: (previous) => previous,
  });
  const tests = useMemo(() => picker.data?.testovi ?? [], [picker.data]);
  const panelsQuery = useQuery({ queryKey: sampleKeys.panels, queryFn: ({ signal }) => testPanels(signal), staleTime: 60_000 });
  const panels = useMemo(() => panelsQuery.data ?? [], [panelsQuery.data]);
  const panelNames = useMemo(() => new Map(panels.map((panel) => [panel._id, panel.sifra])), [panels]);
  const { selection, setSelection, info, toggle, addPanel } = useTestSelection(tests, 'new', undefined, undefined, panels);

  // Which tests need another tube than this sample's: one group per sample type (the assays' own type).
  const sampleTypes = useSampleTypes();
  // A sample stores the Bosnian name of its type; the warning names types in the reader's language.
  const typeName = useMemo(() => new Map(sampleTypes.tipovi.map((tip) => [tip._id, tip.naziv])), [sampleTypes.tipovi]);
  const nameOf = useAssayName();
  const typeLabel = useMemo(() => new Map(sampleTypes.tipovi.map((tip) => [tip._id, nameOf(tip)])), [sampleTypes.tipovi, nameOf]);
  const typeLabelByName = (naziv: string) => { const tip = sampleTypes.tipovi.find((entry) => entry.naziv === naziv); return tip ? nameOf(tip) : naziv; };
  const typeOfTest = useMemo(() => new Map(tests.map((test) => [test._id, test.sample_type])), [tests]);
  const groups = sampleTypeGroups(selection, (id) => typeOfTest.get(id) ?? null);
  const chosenType = details.type ? sampleTypes.tipovi.find((tip) => tip.naziv === details.type)?._id ?? null : null;
  const ownType = ownSampleType(groups, chosenType);
  const others = testsNeedingAnotherSample(groups, chosenType);

  /** One sample: these tests, the panels they came with, and its type (the one chosen, else the type its tests need). */
  const saveOne = (tests: readonly SelectedTest[], type: string | null) => saveSample({
    pid: patient._id, testovi: requestedTests(tests), paneli: [...new Set(tests.flatMap((test) => (test.panel ? [test.panel] : [])))], hitan,
    ...sampleDetailsBody({ ...details, type }), ...flags,
  });

  const save = async (split = false) => {
    if (selection.length === 0 || saving) return;
    setSaving(true);
    try {
      const created: Uzorak[] = [];
      if (split) {
        // The tests another tube needs leave this sample for a sample of their own (each with its own code and label).
        const moved = new Set(others.flatMap((group) => group.tests));
        created.push((await saveOne(selection.filter((test) => !moved.has(test.labassay)), details.type ?? (ownType ? typeName.get(ownType) ?? null : null))).uzorak);
        for (const group of others) {
          const part = selection.filter((test) => group.tests.includes(test.labassay));
          created.push((await saveOne(part, group.sampleType ? typeName.get(group.sampleType) ?? null : null)).uzorak);
        }
      } else {
        created.push((await saveOne(selection, details.type)).uzorak);
      }
      setSaved(created);
      setSelection([]);
      setHitan(false);
      setDetails(EMPTY_DETAILS);
      notify.success(created.length > 1
        ? t('panels.splitSaved', { codes: created.map((sample) => sample.code).join(', ') })
        : t('samples.saved', { code: created[0]?.code ?? '' }));
      await queryClient.invalidateQueries({ queryKey: sampleKeys.today(patient._id) });
    } catch (error) {
      notify.error(error instanceof ApiError ? serverMessage(error) : t('errors.unexpected'), { title: messageText('save.failed') });
    } finally {
      setSaving(false);
    }
  };

  // One SAČUVAJ: beside the chosen tests on wide screens, in the bar that follows the list on narrow ones.
  const saveButton = (fullWidth: boolean) => (
    <Button size="md" miw={140} fullWidth={fullWidth} onClick={() => void save(false)} loading={saving} disabled={selection.length === 0}>
      {t('common.save')}
    </Button>
  );

  if (!canWrite) {
    return (
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="md" p="lg"><Text c="dimmed">{t('samples.readOnly')}</Text></Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>{aside}</Grid.Col>
      </Grid>
    );
  }

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="lg">
          {/* Enter moves from field to field; after the comment it goes on to the test search. */}
          <Paper
            component="form"
            withBorder
            radius="md"
            p="lg"
            noValidate
            aria-label={t('samples.newSample')}
            onKeyDown={moveOnEnter}
            onSubmit={(event: React.FormEvent) => {
              event.preventDefault();
              searchRef.current?.focus();
            }}
          >
            <Stack gap="md">
              <Group justify="space-between" gap="sm">
                <Title order={2} size="h4">{t('samples.newSample')}</Title>
                <Group gap={4}>
                  <UrgentStar hitan={hitan} onChange={setHitan} />
                  <Text size="sm" c={hitan ? 'orange.9' : 'dimmed'} fw={hitan ? 600 : 400}>{t('samples.urgent')}</Text>
                </Group>
              </Group>
              <SampleFields flags={flags} onChange={setFlags} spol={patient.spol} mjesta={session.site.mjesta} />
              <SampleDetailsFields details={details} onChange={setDetails} />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">{t('samples.tests')}</Title>
              <TestPicker
                tests={tests}
                sekcije={picker.data?.sekcije ?? []}
                selection={selection}
                info={info}
                loading={picker.isPending}
                searchRef={searchRef}
                onToggle={(test) => toggle(test._id)}
                panels={panels}
                onAddPanel={(panel) => {
                  const count = addPanel(panel);
                  const tests = t('panels.testCount', { count });
                  notify.success(t('panels.added', { panel: panel.naziv, tests }));
                }}
              />
              {picker.isError ? <Text c="var(--mantine-color-error)" size="sm">{t('samples.loadFailed')}</Text> : null}
            </Stack>
          </Paper>
          <Paper hiddenFrom="lg" withBorder radius="md" p="sm" shadow="md" className={classes.stickyBar}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">
                {t('samples.selectedCount', { n: selection.length })}
                {' · '}
                <Text span fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>{formatKm(totalPrice(selection), language, t('samples.currency'))}</Text>
              </Text>
              {saveButton(false)}
            </Group>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="lg" className={classes.aside}>
          {saved.length > 0 ? (
            <Alert styles={READABLE_ALERT_STYLES}
              color="teal"
              variant="light"
              icon={<IconCircleCheck aria-hidden />}
              title={saved.length === 1 ? t('samples.savedTitle', { code: saved[0]?.code ?? '' }) : t('panels.splitSaved', { codes: saved.map((sample) => sample.code).join(', ') })}
              withCloseButton
              closeButtonLabel={t('common.closeDialog')}
              onClose={() => setSaved([])}
            >
              <Stack gap="sm" align="flex-start">
                {saved.map((sample) => (
                  <Stack key={sample._id} gap={4} align="flex-start">
                    <Text size="sm">
                      {saved.length > 1 && sample.type ? `${sample.type}: ` : `${t('samples.savedCode')}: `}
                      <Text span className={codeClasses.code} fw={700} size="lg" data-testid="saved-code">{sample.code}</Text>
                    </Text>
                    <Button size="xs" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => onLabel({ _id: sample._id, code: sample.code })}>
                      {t('samples.printLabel')}
                    </Button>
                  </Stack>
                ))}
              </Stack>
            </Alert>
          ) : null}
          {others.length > 0 ? (
            <Alert styles={READABLE_ALERT_STYLES} color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('panels.otherTypeTitle')}
              data-testid="other-sample-type">
              <Stack gap="xs" align="flex-start">
                {others.map((group) => (
                  <Text key={group.sampleType} size="sm">
                    {t('panels.otherType', {
                      tests: group.tests.filter((id) => selection.some((test) => test.labassay === id && test.component_of === null))
                        .map((id) => { const test = info.get(id); return test ? shortName(test) : id; }).join(', '),
                      needed: group.sampleType ? typeLabel.get(group.sampleType) ?? '' : '',
                      sample: details.type ? typeLabelByName(details.type) : ownType ? typeLabel.get(ownType) ?? '' : t('panels.otherTypeUnknown'),
                    })}
                  </Text>
                ))}
                <Button size="xs" variant="filled" color="orange" onClick={() => void save(true)} loading={saving}>{t('panels.splitSave')}</Button>
              </Stack>
            </Alert>
          ) : null}
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">{t('samples.selected')}</Title>
              <SelectedTests selection={selection} info={info} onRemove={toggle} panelNames={panelNames} />
              <Box visibleFrom="lg">{saveButton(true)}</Box>
            </Stack>
          </Paper>
          {aside}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
