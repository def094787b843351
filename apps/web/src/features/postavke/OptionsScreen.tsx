/**
 * /postavke/opcije: the lab's general options. The letterhead of reports
 * (lab name, address, header, footer), the label size the label print uses,
 * the idle time new users start with, the report flags each role's session
 * carries, and which menu entries each role sees (never one its permissions
 * forbid: those boxes are off and locked). Checked with the domain's schema
 * before saving; saved in one call with its history.
 */
import { useEffect, useState } from 'react';
import {
  Alert, Button, Card, Checkbox, NumberInput, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CHAT_MAX_FILE_MB_LIMIT, HIDEABLE_MENU, MAX_PORTAL_CODE_DAYS, LABEL_DPIS, MENU, type OptionsAnswer, type OptionsSaveRequest, REPORT_FLAGS, ROLES, type ReportFlag, type Role,
  allReportFlags, can, optionsSaveRequest,
} from '@lis/domain';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { notify } from '../../components/notify.tsx';
import { translateKey } from '../../i18n/index.ts';
import { readOptions, saveOptions, settingsKeys } from './api.ts';
import { schemaProblems } from './form-problems.ts';
import { FormFooter, useSettingsForm } from './settings-form.tsx';
import { HistoryDialog, type HistoryTarget } from './HistoryDialog.tsx';
import { SettingsHeader } from './SettingsHeader.tsx';
import { SigningCertificateCard } from './SigningCertificateCard.tsx';

const SECONDS_PER_MINUTE = 60;

interface Form {
  labName: string;
  labAddress: string;
  reportHeader: string;
  reportFooter: string;
  idleMinutes: number | string;
  chatMaxFileMb: number | string;
  portalCodeDays: number | string;
  fhirJmbgSystem: string;
  reportFlags: Record<Role, Record<ReportFlag, boolean>>;
  hiddenMenu: Record<Role, string[]>;
  width: number | string;
  height: number | string;
  dpi: number;
}

function formOf(answer: OptionsAnswer): Form {
  const { options, label } = answer;
  return {
    labName: options.labName, labAddress: options.labAddress, reportHeader: options.reportHeader, reportFooter: options.reportFooter,
    idleMinutes: Math.round(options.defaultIdleTime / SECONDS_PER_MINUTE),
    chatMaxFileMb: options.chatMaxFileMb,
    portalCodeDays: options.portalCodeDays,
    fhirJmbgSystem: options.fhirJmbgSystem,
    reportFlags: allReportFlags({ reportFlags: options.reportFlags }),
    hiddenMenu: Object.fromEntries(ROLES.map((role) => [role, options.hiddenMenu[role] ?? []])) as Record<Role, string[]>,
    width: label.width, height: label.height, dpi: label.dpi,
  };
}

const numberOf = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

function requestOf(form: Form): OptionsSaveRequest {
  return {
    options: {
      labName: form.labName, labAddress: form.labAddress, reportHeader: form.reportHeader, reportFooter: form.reportFooter,
      defaultIdleTime: Math.round(numberOf(form.idleMinutes) * SECONDS_PER_MINUTE),
      chatMaxFileMb: numberOf(form.chatMaxFileMb),
      portalCodeDays: numberOf(form.portalCodeDays),
      fhirJmbgSystem: form.fhirJmbgSystem,
      reportFlags: form.reportFlags,
      // Only what each role may open can be hidden for it; anything else is not in its menu anyway.
      hiddenMenu: Object.fromEntries(ROLES.map((role) => [role, form.hiddenMenu[role].filter((path) => HIDEABLE_MENU.some((entry) => entry.path === path))])),
    },
    label: { width: numberOf(form.width), height: numberOf(form.height), dpi: form.dpi as OptionsSaveRequest['label']['dpi'] },
  };
}

/** A problem's field for the form: `options.labName` → labName, `label.width` → width, `options.defaultIdleTime` → idleMinutes. */
function formField(path: string): string {
  const field = path.split('.')[1] ?? path;
  return field === 'defaultIdleTime' ? 'idleMinutes' : field;
}

export function OptionsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const answer = useQuery({ queryKey: settingsKeys.options, queryFn: ({ signal }) => readOptions(signal) });
  const [form, setForm] = useState<Form | null>(null);
  const settingsForm = useSettingsForm();
  const { problems } = settingsForm;
  const [history, setHistory] = useState<HistoryTarget | null>(null);

  useEffect(() => {
    if (answer.data) setForm(formOf(answer.data));
  }, [answer.data]);

  if (answer.isError) return <Alert styles={READABLE_ALERT_STYLES} color="red" maw={1100} mx="auto">{t('postavke.loadFailed')}</Alert>;
  if (!form) {
    return <Stack maw={1100} mx="auto" aria-busy><Skeleton h={40} /><Skeleton h={220} /><Skeleton h={160} /></Stack>;
  }

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => (current ? { ...current, [key]: value } : current));
    settingsForm.clearProblem(key);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const request = requestOf(form);
    const found = schemaProblems(
      optionsSaveRequest.safeParse(request), settingsForm.language, settingsForm.fieldLabel, (path) => formField(path.map(String).join('.')),
    );
    void settingsForm.save(found, async () => {
      const saved = await saveOptions(request);
      queryClient.setQueryData(settingsKeys.options, saved);
      notify.success(t('postavke.options.saved'));
    });
  };

  const setFlag = (role: Role, flag: ReportFlag, value: boolean) =>
    set('reportFlags', { ...form.reportFlags, [role]: { ...form.reportFlags[role], [flag]: value } });
  const setShown = (role: Role, path: string, shown: boolean) => {
    const hidden = form.hiddenMenu[role].filter((item) => item !== path);
    set('hiddenMenu', { ...form.hiddenMenu, [role]: shown ? hidden : [...hidden, path] });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={1100} mx="auto">
        <SettingsHeader title={t('postavke.options.title')} description={t('postavke.options.description')}>
          <Button variant="default" leftSection={<IconHistory size={18} aria-hidden />} onClick={() => setHistory({ kind: 'options', id: '', name: t('postavke.options.title') })}>
            {t('postavke.history')}
          </Button>
        </SettingsHeader>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="options-reports">
          <Title order={2} size="h4" id="options-reports" mb="sm">{t('postavke.options.reports')}</Title>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('postavke.options.labName')} value={form.labName} onChange={(event) => set('labName', event.currentTarget.value)} error={problems.labName} />
              <TextInput
                label={t('postavke.options.labAddress')} description={t('postavke.options.labAddressHint')} value={form.labAddress}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                onChange={(event) => set('labAddress', event.currentTarget.value)} error={problems.labAddress}
              />
            </SimpleGrid>
            <Textarea
              label={t('postavke.options.reportHeader')} description={t('postavke.options.reportHeaderHint')} autosize minRows={2} maxRows={6}
              value={form.reportHeader} onChange={(event) => set('reportHeader', event.currentTarget.value)} error={problems.reportHeader}
            />
            <Textarea
              label={t('postavke.options.reportFooter')} autosize minRows={2} maxRows={6}
              value={form.reportFooter} onChange={(event) => set('reportFooter', event.currentTarget.value)} error={problems.reportFooter}
            />
            <NumberInput
              label={t('postavke.options.portalCodeDays')} description={t('postavke.options.portalCodeDaysHint')} maw={420}
              inputWrapperOrder={['label', 'input', 'description', 'error']} min={1} max={MAX_PORTAL_CODE_DAYS} allowDecimal={false}
              value={form.portalCodeDays} onChange={(value) => set('portalCodeDays', value)} error={problems.portalCodeDays}
            />
          </Stack>
        </Card>

        <SigningCertificateCard />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="options-label">
            <Title order={2} size="h4" id="options-label" mb="sm">{t('postavke.options.label')}</Title>
            <SimpleGrid cols={3} spacing="sm">
              <NumberInput label={t('postavke.options.labelWidth')} min={25} max={120} value={form.width} onChange={(value) => set('width', value)} error={problems.width} />
              <NumberInput label={t('postavke.options.labelHeight')} min={12} max={80} value={form.height} onChange={(value) => set('height', value)} error={problems.height} />
              <Select
                label={t('postavke.options.labelDpi')} allowDeselect={false} data={LABEL_DPIS.map((dpi) => String(dpi))}
                value={String(form.dpi)} onChange={(value) => set('dpi', Number(value ?? 203))} error={problems.dpi}
              />
            </SimpleGrid>
          </Card>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="options-users">
            <Title order={2} size="h4" id="options-users" mb="sm">{t('postavke.options.users')}</Title>
            <NumberInput
              label={t('postavke.options.defaultIdleTime')} min={1} max={1440} step={15} allowDecimal={false}
              value={form.idleMinutes} onChange={(value) => set('idleMinutes', value)} error={problems.idleMinutes}
            />
            <NumberInput
              mt="sm" label={t('postavke.options.chatMaxFileMb')} min={1} max={CHAT_MAX_FILE_MB_LIMIT} allowDecimal={false}
              value={form.chatMaxFileMb} onChange={(value) => set('chatMaxFileMb', value)} error={problems.chatMaxFileMb}
            />
          </Card>
        </SimpleGrid>

        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="options-integration">
          <Title order={2} size="h4" id="options-integration" mb="sm">{t('postavke.options.integration')}</Title>
          <TextInput
            label={t('postavke.options.fhirJmbgSystem')} description={t('postavke.options.fhirJmbgSystemHint')} maw={560}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={form.fhirJmbgSystem} onChange={(event) => set('fhirJmbgSystem', event.currentTarget.value)} error={problems.fhirJmbgSystem}
          />
        </Card>

        <MatrixCard
          id="options-flags" title={t('postavke.options.reportFlags')} hint={t('postavke.options.reportFlagsHint')} minWidth={760}
          header={[t('postavke.options.roleColumn'), ...REPORT_FLAGS.map((flag) => t(`postavke.options.flag_${flag}`))]}
        >
                {ROLES.map((role) => (
                  <Table.Tr key={role}>
                    <Table.Th scope="row" fw={500}>{t(`roles.${role}`)}</Table.Th>
                    {REPORT_FLAGS.map((flag) => (
                      <Table.Td key={flag} ta="center">
                        <Checkbox
                          display="inline-block" checked={form.reportFlags[role][flag]}
                          onChange={(event) => setFlag(role, flag, event.currentTarget.checked)}
                          aria-label={t('postavke.options.flagOf', { flag: t(`postavke.options.flag_${flag}`), role: t(`roles.${role}`) })}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
        </MatrixCard>

        <MatrixCard
          id="options-menu" title={t('postavke.options.menu')} hint={t('postavke.options.menuHint')} minWidth={560}
          header={['', ...ROLES.map((role) => t(`roles.${role}`))]}
        >
                {HIDEABLE_MENU.map((entry) => (
                  <Table.Tr key={entry.path}>
                    <Table.Th scope="row" fw={500}>{menuEntryLabel(entry)}</Table.Th>
                    {ROLES.map((role) => {
                      const permitted = can(role, 0, entry.permission);
                      return (
                        <Table.Td key={role} ta="center" title={permitted ? undefined : t('postavke.options.notPermitted')}>
                          <Checkbox
                            display="inline-block" disabled={!permitted}
                            checked={permitted && !form.hiddenMenu[role].includes(entry.path)}
                            onChange={(event) => setShown(role, entry.path, event.currentTarget.checked)}
                            aria-label={t('postavke.options.showItem', { item: menuEntryLabel(entry), role: t(`roles.${role}`) })}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
        </MatrixCard>

        <FormFooter
          form={settingsForm}
          onCancel={() => {
            if (answer.data) setForm(formOf(answer.data));
            settingsForm.reset();
          }}
        />
      </Stack>
      <HistoryDialog target={history} onClose={() => setHistory(null)} />
    </form>
  );
}

/** A card with a table of check boxes: the first column names the row, the others are centred. */
/** An entry under a group is named with its group ('Temperatura › Postavke'), so it is not taken for another entry of its name. */
function menuEntryLabel(entry: (typeof HIDEABLE_MENU)[number]): string {
  const group = entry.parent === undefined ? undefined : MENU.find((candidate) => candidate.path === entry.parent);
  return group ? `${translateKey(group.title)} › ${translateKey(entry.title)}` : translateKey(entry.title);
}

function MatrixCard({ id, title, hint, minWidth, header, children }: {
  id: string; title: string; hint: string; minWidth: number; header: readonly string[]; children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>{title}</Title>
      <Text size="sm" c="dimmed" mb="sm">{hint}</Text>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              {header.map((text, index) => <Table.Th key={`${index}-${text}`} ta={index === 0 ? undefined : 'center'}>{text}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
