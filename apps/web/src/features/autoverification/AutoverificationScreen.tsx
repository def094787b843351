/**
 * /postavke/autoverifikacija: the site's autoverification. The kill switch; the active version; the draft's rules,
 * one per assay (or for every assay), each condition switchable with its parameters; the simulation of the draft
 * over a period of verified results (counts per assay and overall, and the released results a person later
 * changed or unlocked); activation, which asks a second confirmation unless that list is empty.
 */
import { useEffect, useState } from 'react';
import {
  Alert, Button, Card, Checkbox, Group, Modal, NumberInput, Progress, Select, Skeleton, Stack, Switch, Table, Text, TextInput, Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AUTOVERIFICATION_CONDITIONS, type AutoverificationRule, type AutoverificationRules, type Simulation, defaultConditions,
} from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { useLanguage } from '../../i18n/index.ts';
import { assayName } from '../../lib/catalogue-name.ts';
import { SettingsHeader } from '../postavke/index.ts';
import {
  activateDraft, autoverificationKeys, readAutoverification, readSimulationProgress, saveDraft, setKillSwitch, setResponsible, simulateDraft,
} from './api.ts';

const numberOrNull = (value: number | string) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function RuleEditor({ rule, assays, onChange, onRemove }: {
  rule: AutoverificationRule;
  assays: { value: string; label: string }[];
  onChange: (rule: AutoverificationRule) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { conditions } = rule;
  const band = conditions.limits.limits[0] ?? { spol: null, ageMinDays: 0, ageMaxDays: 54_750, low: null, high: null };
  const set = (next: Partial<AutoverificationRule['conditions']>) => onChange({ ...rule, conditions: { ...conditions, ...next } });
  const setBand = (next: Partial<typeof band>) => set({ limits: { ...conditions.limits, limits: [{ ...band, ...next }, ...conditions.limits.limits.slice(1)] } });
  return (
    <Card withBorder padding="sm" data-testid="av-rule">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Select
            label={t('autoverification.assay')} data={[{ value: '*', label: t('autoverification.allAssays') }, ...assays]} searchable
            value={rule.labassay ?? '*'} onChange={(value) => onChange({ ...rule, labassay: value === '*' || value === null ? null : value })}
            w={{ base: '100%', sm: 320 }} allowDeselect={false}
          />
          <Button variant="subtle" color="red" onClick={onRemove}>{t('autoverification.removeRule')}</Button>
        </Group>
        <Group gap="md" wrap="wrap">
          {AUTOVERIFICATION_CONDITIONS.map((name) => (
            <Checkbox
              key={name} label={t(`autoverification.condition.${name}`)} checked={conditions[name].on}
              onChange={(event) => set({ [name]: { ...conditions[name], on: event.currentTarget.checked } })}
            />
          ))}
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <NumberInput label={t('autoverification.low')} value={band.low ?? ''} onChange={(value) => setBand({ low: numberOrNull(value) })} w={130} decimalSeparator="," allowDecimal disabled={!conditions.limits.on} />
          <NumberInput label={t('autoverification.high')} value={band.high ?? ''} onChange={(value) => setBand({ high: numberOrNull(value) })} w={130} decimalSeparator="," allowDecimal disabled={!conditions.limits.on} />
          <NumberInput label={t('autoverification.qcHours')} value={conditions.qc.hours} min={1} max={720} onChange={(value) => set({ qc: { ...conditions.qc, hours: numberOrNull(value) ?? 24 } })} w={130} disabled={!conditions.qc.on} />
          <NumberInput label={t('autoverification.measuringLow')} value={conditions.numeric.low ?? ''} onChange={(value) => set({ numeric: { ...conditions.numeric, low: numberOrNull(value) } })} w={150} decimalSeparator="," disabled={!conditions.numeric.on} />
          <NumberInput label={t('autoverification.measuringHigh')} value={conditions.numeric.high ?? ''} onChange={(value) => set({ numeric: { ...conditions.numeric, high: numberOrNull(value) } })} w={150} decimalSeparator="," disabled={!conditions.numeric.on} />
          <Checkbox label={t('autoverification.allowCensored')} checked={conditions.numeric.allowCensored} onChange={(event) => set({ numeric: { ...conditions.numeric, allowCensored: event.currentTarget.checked } })} disabled={!conditions.numeric.on} />
        </Group>
      </Stack>
    </Card>
  );
}

function SimulationResult({ simulation }: { simulation: Simulation }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="av-simulation">
      <Text fw={600}>{t('autoverification.samples', { released: simulation.uzorakaPusteno, total: simulation.uzoraka })}</Text>
      <Text>{t('autoverification.results', { released: simulation.rezultataPusteno, total: simulation.rezultata })}</Text>
      <Text size="sm" c="dimmed">{simulation.od} – {simulation.do} · {t('autoverification.took', { seconds: (simulation.trajanje / 1000).toFixed(1) })}</Text>
      {simulation.poTestu.length > 0 ? (
        <Table.ScrollContainer minWidth={360}>
          <Table striped withTableBorder>
            <Table.Thead><Table.Tr><Table.Th>{t('autoverification.assay')}</Table.Th><Table.Th>{t('autoverification.total')}</Table.Th><Table.Th>{t('autoverification.released')}</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {simulation.poTestu.map((row) => (
                <Table.Tr key={row.labassay}><Table.Td>{row.sifra} · {row.naziv}</Table.Td><Table.Td>{row.rezultata}</Table.Td><Table.Td>{row.pusteno}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Title order={3} size="h5">{t('autoverification.risks')}</Title>
      {simulation.rizicni.length === 0 ? <Text data-testid="av-no-risks">{t('autoverification.noRisks')}</Text> : (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder data-testid="av-risks">
            <Table.Thead><Table.Tr><Table.Th>{t('autoverification.code')}</Table.Th><Table.Th>{t('autoverification.assay')}</Table.Th><Table.Th>{t('autoverification.value')}</Table.Th><Table.Th>{t('autoverification.what')}</Table.Th><Table.Th>{t('autoverification.why')}</Table.Th><Table.Th>{t('autoverification.when')}</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {simulation.rizicni.map((risk, index) => (
                <Table.Tr key={`${risk.sample}-${index}`}>
                  <Table.Td>{risk.code}</Table.Td><Table.Td>{risk.sifra}</Table.Td><Table.Td>{risk.rezultat}</Table.Td>
                  <Table.Td>{t(`autoverification.${risk.vrsta}`)}</Table.Td><Table.Td>{risk.razlog ?? ''}</Table.Td><Table.Td>{new Date(risk.kada).toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function AutoverificationScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: autoverificationKeys.all, queryFn: ({ signal }) => readAutoverification(signal) });
  const [naziv, setNaziv] = useState('');
  const [rules, setRules] = useState<AutoverificationRules>({ perSection: false, rules: [] });
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<null | 'save' | 'simulate' | 'activate' | 'switch' | 'responsible'>(null);
  const [od, setOd] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [confirming, setConfirming] = useState(false);
  const data = query.data;
  // While the simulation call runs, its progress (days of the period judged) is polled from the server doing it.
  const progress = useQuery({
    queryKey: autoverificationKeys.progress, queryFn: ({ signal }) => readSimulationProgress(signal),
    enabled: busy === 'simulate', refetchInterval: 500, gcTime: 0,
  });
  const napredak = busy === 'simulate' ? (progress.data ?? null) : null;

  useEffect(() => {
    if (!data) return;
    const source = data.nacrt ?? null;
    if (source) {
      setNaziv(source.naziv);
      setRules(source.pravila);
      setEditing(true);
    }
  }, [data]);

  if (query.isPending) return <Skeleton h={300} />;
  if (!data) return <Alert color="red" styles={READABLE_ALERT_STYLES}>{t('postavke.loadFailed')}</Alert>;

  const assays = data.testovi.map((assay) => ({
    value: assay._id,
    label: `${assay.sifra} · ${assayName(assay, language)}`,
  }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: autoverificationKeys.all });
  const run = async (kind: NonNullable<typeof busy>, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };
  const startDraft = (fromActive: boolean) => {
    setNaziv(fromActive && data.aktivna ? data.aktivna.naziv : '');
    setRules(fromActive && data.aktivna ? data.aktivna.pravila : { perSection: false, rules: [{ labassay: null, conditions: defaultConditions() }] });
    setEditing(true);
  };
  const save = () => run('save', async () => {
    await saveDraft({ naziv, pravila: rules });
    notify.success(t('autoverification.saved'));
    await refresh();
  });
  const simulate = () => run('simulate', async () => {
    await simulateDraft(od, to);
    await refresh();
  });
  const activate = (potvrda: boolean) => run('activate', async () => {
    if (!data.nacrt) return;
    await activateDraft(data.nacrt.verzija, potvrda);
    setConfirming(false);
    setEditing(false);
    notify.success(t('autoverification.activated'));
    await refresh();
  });
  const safe = data.simulacija !== null && data.simulacija.rizicni.length === 0;

  return (
    <Stack gap="md" maw={1100}>
      <SettingsHeader title={t('autoverification.title')} description={t('autoverification.description')}>
        <Switch
          label={t('autoverification.killSwitch')} checked={data.ukljuceno} disabled={busy === 'switch'} size="md"
          onChange={(event) => { const next = event.currentTarget.checked; void run('switch', async () => { await setKillSwitch(next); await refresh(); }); }}
        />
      </SettingsHeader>

      <Card withBorder>
        <Title order={2} size="h4">{t('autoverification.active')}</Title>
        {data.aktivna ? (
          <Stack gap={2} mt="xs" data-testid="av-active">
            <Text fw={600}>{data.aktivna.naziv} v{data.aktivna.verzija}</Text>
            <Text size="sm" c="dimmed">{t('autoverification.activatedBy', { who: data.aktivna.aktivirao ?? '', when: data.aktivna.aktivirana ? new Date(data.aktivna.aktivirana).toLocaleString() : '' })}</Text>
          </Stack>
        ) : <Text mt="xs">{t('autoverification.noActive')}</Text>}
        <Select
          mt="sm" maw={420} label={t('autoverification.responsible')} description={t('autoverification.responsibleHelp')}
          placeholder={t('autoverification.responsibleNone')} clearable searchable disabled={busy === 'responsible'}
          data={data.verifikatori.map((user) => ({ value: user._id, label: user.ime || user.email }))}
          value={data.odgovorni}
          onChange={(value) => void run('responsible', async () => {
            await setResponsible(value);
            notify.success(t('autoverification.responsibleSaved'));
            await refresh();
          })}
        />
      </Card>

      <Card withBorder>
        <Group justify="space-between">
          <Title order={2} size="h4">{t('autoverification.draft')}{data.nacrt ? ` v${data.nacrt.verzija}` : ''}</Title>
          {!editing ? (
            <Group gap="xs">
              <Button variant="light" onClick={() => startDraft(false)}>{t('autoverification.newDraft')}</Button>
              {data.aktivna ? <Button variant="light" onClick={() => startDraft(true)}>{t('autoverification.fromActive')}</Button> : null}
            </Group>
          ) : null}
        </Group>
        {editing ? (
          <Stack gap="sm" mt="sm">
            <TextInput label={t('autoverification.name')} value={naziv} onChange={(event) => setNaziv(event.currentTarget.value)} maw={400} required />
            <Checkbox label={t('autoverification.perSection')} checked={rules.perSection} onChange={(event) => setRules({ ...rules, perSection: event.currentTarget.checked })} />
            {rules.rules.map((rule, index) => (
              <RuleEditor
                key={index} rule={rule} assays={assays}
                onChange={(next) => setRules({ ...rules, rules: rules.rules.map((item, at) => (at === index ? next : item)) })}
                onRemove={() => setRules({ ...rules, rules: rules.rules.filter((_, at) => at !== index) })}
              />
            ))}
            <Group gap="xs">
              <Button variant="light" onClick={() => setRules({ ...rules, rules: [...rules.rules, { labassay: null, conditions: defaultConditions() }] })}>{t('autoverification.addRule')}</Button>
              <Button onClick={() => void save()} loading={busy === 'save'}>{t('autoverification.save')}</Button>
            </Group>
          </Stack>
        ) : <Text mt="xs">{t('autoverification.noDraft')}</Text>}
      </Card>

      {data.nacrt ? (
        <Card withBorder>
          <Title order={2} size="h4">{t('autoverification.simulation')}</Title>
          <Text size="sm" c="dimmed" mt={4}>{t('autoverification.simulationHelp')}</Text>
          <Group gap="sm" align="flex-end" mt="sm" wrap="wrap">
            <TextInput type="date" label={t('autoverification.from')} value={od} onChange={(event) => setOd(event.currentTarget.value)} w={170} />
            <TextInput type="date" label={t('autoverification.to')} value={to} onChange={(event) => setTo(event.currentTarget.value)} w={170} />
            <Button onClick={() => void simulate()} loading={busy === 'simulate'}>{t('autoverification.simulate')}</Button>
          </Group>
          {busy === 'simulate' ? (
            <Stack gap={4} mt="sm" data-testid="av-simulation-progress">
              <Text size="sm">{napredak ? t('autoverification.simulatingDays', { gotovo: napredak.gotovo, ukupno: napredak.ukupno }) : t('autoverification.simulating')}</Text>
              <Progress
                value={napredak && napredak.ukupno > 0 ? (100 * napredak.gotovo) / napredak.ukupno : 0} animated striped
                aria-label={t('autoverification.simulating')} transitionDuration={200}
              />
            </Stack>
          ) : null}
          {data.simulacija ? <Stack mt="md"><SimulationResult simulation={data.simulacija} /></Stack> : null}
          <Group mt="md">
            <Button color={safe ? 'teal' : 'orange'} onClick={() => (safe ? void activate(false) : setConfirming(true))} loading={busy === 'activate'}>{t('autoverification.activate')}</Button>
          </Group>
        </Card>
      ) : null}

      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('autoverification.confirmTitle')} centered>
        <Stack>
          <Text>{t('autoverification.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>{t('autoverification.cancel')}</Button>
            <Button color="orange" onClick={() => void activate(true)} loading={busy === 'activate'}>{t('autoverification.confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
