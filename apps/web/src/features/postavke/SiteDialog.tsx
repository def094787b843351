/**
 * 'Registracija sajta' (a new site) and the edit of a site: code, names,
 * address, time zone (an IANA zone, chosen from the browser's list and
 * checked by the domain's schema, as the server checks it) and the site's own
 * report header. The towns are shown read-only: they have no save.
 */
import { useEffect, useMemo, useState } from 'react';
import { Badge, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, type SiteElementInput, type SiteRecord, siteElementSchema } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { moveOnEnter } from '../../components/enter-navigation.ts';
import { notify } from '../../components/notify.tsx';
import { saveSite } from './api.ts';
import { schemaProblems } from './form-problems.ts';
import { FormFooter, useSettingsForm } from './settings-form.tsx';

type Fields = Required<Omit<SiteElementInput, '_id'>>;

function fieldsOf(site: SiteRecord | null): Fields {
  return site
    ? { sifra: site.sifra, naziv: site.naziv, name: site.name, adresa: site.adresa, timeZone: site.timeZone, reportHeader: site.reportHeader }
    : { sifra: '', naziv: '', name: '', adresa: '', timeZone: DEFAULT_TIME_ZONE, reportHeader: '' };
}

/** The IANA zones the browser knows, the site's own first when the list lacks it. */
function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  return known.includes(current) ? known : [current, ...known];
}

export interface SiteDialogProps {
  opened: boolean;
  site: SiteRecord | null;
  onClose: () => void;
  onSaved: (site: SiteRecord) => void;
}

export function SiteDialog({ opened, site, onClose, onSaved }: SiteDialogProps) {
  const { t } = useTranslation();
  const form = useSettingsForm();
  const { problems, reset } = form;
  const [fields, setFields] = useState<Fields>(() => fieldsOf(site));
  const zones = useMemo(() => timeZoneChoices(fields.timeZone), [fields.timeZone]);

  useEffect(() => {
    if (!opened) return;
    setFields(fieldsOf(site));
    reset();
  }, [opened, site, reset]);

  const set = (key: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    form.clearProblem(key);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const element: SiteElementInput = { ...(site ? { _id: site._id } : {}), ...fields };
    void form.save(schemaProblems(siteElementSchema.safeParse(element), form.language, form.fieldLabel), async () => {
      const answer = await saveSite(element);
      notify.success(t('postavke.sites.saved'));
      onSaved(answer.element);
    }, { serverPrefix: 'element' });
  };

  const input = (key: keyof Fields) => ({ error: problems[key], 'data-enter-next': key });

  return (
    <AppDialog opened={opened} onClose={onClose} title={site ? t('postavke.sites.editTitle', { naziv: site.naziv }) : t('postavke.sites.newTitle')} size="xl" force>
      <form onSubmit={submit} onKeyDown={moveOnEnter} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('postavke.sites.sifra')} description={t('postavke.sites.sifraHint')} withAsterisk data-autofocus maxLength={10}
              value={fields.sifra} onChange={(event) => set('sifra')(event.currentTarget.value.toUpperCase())} {...input('sifra')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Select
              label={t('postavke.sites.timeZone')} description={t('postavke.sites.timeZoneHint')} withAsterisk searchable allowDeselect={false}
              data={zones} value={fields.timeZone} onChange={(value) => set('timeZone')(value ?? DEFAULT_TIME_ZONE)} limit={200}
              {...input('timeZone')}
            />
            <TextInput label={t('postavke.sites.naziv')} withAsterisk value={fields.naziv} onChange={(event) => set('naziv')(event.currentTarget.value)} {...input('naziv')} />
            <TextInput label={t('postavke.sites.name')} withAsterisk value={fields.name} onChange={(event) => set('name')(event.currentTarget.value)} {...input('name')} />
          </SimpleGrid>
          <TextInput label={t('postavke.sites.adresa')} value={fields.adresa} onChange={(event) => set('adresa')(event.currentTarget.value)} {...input('adresa')} />
          <Textarea
            label={t('postavke.sites.reportHeader')} description={t('postavke.sites.reportHeaderHint')} autosize minRows={2} maxRows={6}
            value={fields.reportHeader} onChange={(event) => set('reportHeader')(event.currentTarget.value)} error={problems.reportHeader}
          />
          {site ? (
            <Stack gap={6}>
              <Text size="sm" fw={500}>{t('postavke.sites.mjesta')}</Text>
              {site.mjesta.length === 0 ? <Text size="sm" c="dimmed">{t('postavke.sites.mjestaNone')}</Text> : (
                <Group gap={6}>{site.mjesta.map((mjesto) => <Badge key={mjesto} variant="default" radius="sm" tt="none">{mjesto}</Badge>)}</Group>
              )}
              <Text size="xs" c="dimmed">{t('postavke.sites.mjestaHint')}</Text>
            </Stack>
          ) : null}
          <FormFooter form={form} onCancel={onClose} />
        </Stack>
      </form>
    </AppDialog>
  );
}
