/**
 * The partner-edit dialog: name, kinds, address and numbers, whether the
 * partner is active, its contacts, the e-mail addresses its reports go to and
 * its price list (a test's price on the partner's samples instead of the
 * catalogue's). By access level (spec): a user who may not edit (level above
 * 0) sees the fields read-only and only ZATVORI; one who may (level below 1)
 * sees ODUSTANI and POTVRDI.
 */
import { useEffect, useState } from 'react';
import {
  ActionIcon, Alert, Button, Checkbox, Divider, Group, Loader, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput, Title,
} from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PARTNER_KINDS, type PartnerContact } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { serverMessage, messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { type Partner, type PartnerKind, catalogueTests, partnerKeys, savePartner, showPartner } from './api.ts';

interface PriceRow { labassay: string | null; price: string }

interface Fields {
  naziv: string;
  vrste: PartnerKind[];
  email: string;
  telefon: string;
  adresa: string;
  idBroj: string;
  aktivan: boolean;
  kontakti: PartnerContact[];
  emailNalazi: string[];
  cijene: PriceRow[];
  hl7Host: string;
  /** The port as typed; sent as a number, '' none. */
  hl7Port: string;
}

const EMPTY: Fields = { naziv: '', vrste: ['narucilac'], email: '', telefon: '', adresa: '', idBroj: '', aktivan: true, kontakti: [], emailNalazi: [], cijene: [], hl7Host: '', hl7Port: '' };

function fieldsOf(partner: Partner): Fields {
  return {
    naziv: partner.naziv, vrste: partner.vrste, email: partner.email, telefon: partner.telefon, adresa: partner.adresa, idBroj: partner.idBroj,
    aktivan: partner.aktivan, kontakti: partner.kontakti, emailNalazi: partner.emailNalazi,
    cijene: partner.cijene.map((line) => ({ labassay: line.labassay, price: line.price })),
    hl7Host: partner.hl7Host, hl7Port: partner.hl7Port === null ? '' : String(partner.hl7Port),
  };
}

export interface PartnerDialogProps {
  /** The partner's id, 'new' for a new one, null when closed. */
  partnerId: string | null;
  onClose: () => void;
  onSaved: (partner: Partner) => void;
}

export function PartnerDialog({ partnerId, onClose, onSaved }: PartnerDialogProps) {
  const { t } = useTranslation();
  const existing = partnerId !== null && partnerId !== 'new' ? partnerId : null;
  const partner = useQuery({ queryKey: partnerKeys.show(existing ?? ''), queryFn: ({ signal }) => showPartner(existing ?? '', signal), enabled: existing !== null });
  const title = existing ? t('partners.dialogEdit', { naziv: partner.data?.naziv ?? '' }) : t('partners.dialogNew');
  return (
    <AppDialog opened={partnerId !== null} onClose={onClose} title={title} size="xl" force>
      {existing && !partner.data ? <Group justify="center" p="xl"><Loader aria-label={t('common.loading')} /></Group> : (
        <PartnerForm key={partner.data?._id ?? 'new'} partner={existing ? (partner.data ?? null) : null} onClose={onClose} onSaved={onSaved} />
      )}
    </AppDialog>
  );
}

function PartnerForm({ partner, onClose, onSaved }: { partner: Partner | null; onClose: () => void; onSaved: (partner: Partner) => void }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const canWrite = session.can('settings.write');
  const [fields, setFields] = useState<Fields>(() => (partner ? fieldsOf(partner) : EMPTY));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const tests = useQuery({ queryKey: partnerKeys.tests, queryFn: ({ signal }) => catalogueTests(signal), staleTime: 60_000 });
  const testOptions = (tests.data ?? []).map((test) => ({ value: test._id, label: `${test.sifra} · ${test.naziv}` }));
  const cataloguePrice = new Map((tests.data ?? []).map((test) => [test._id, test.price]));

  useEffect(() => { setProblem(null); }, [fields]);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((current) => ({ ...current, [key]: value }));
  const errorFor = (field: string) => (problem?.field === field ? problem.text : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canWrite) return;
    if (fields.naziv.trim() === '') {
      setProblem({ field: 'naziv', text: messageText('form.required') });
      notify.warning(messageText('form.required'));
      return;
    }
    if (fields.hl7Port.trim() !== '' && !/^\d{1,5}$/.test(fields.hl7Port.trim())) {
      setProblem({ field: 'hl7Port', text: messageText('partners.hl7PortInvalid') });
      notify.warning(messageText('partners.hl7PortInvalid'));
      return;
    }
    setSaving(true);
    try {
      const saved = await savePartner({
        ...(partner ? { _id: partner._id } : {}), ...fields,
        cijene: fields.cijene.filter((line) => line.labassay !== null).map((line) => ({ labassay: line.labassay ?? '', price: line.price })),
        hl7Port: fields.hl7Port.trim() === '' ? null : Number(fields.hl7Port.trim()),
      });
      notify.success(messageText('partners.saved'));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        setProblem({ field: error.field ?? '', text: serverMessage(error) });
        notify.warning(serverMessage(error));
      } else {
        notify.error(messageText('save.failed'));
      }
    } finally {
      setSaving(false);
    }
  };

  const contact = (index: number, change: Partial<PartnerContact>) =>
    set('kontakti', fields.kontakti.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  const priceRow = (index: number, change: Partial<PriceRow>) =>
    set('cijene', fields.cijene.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {canWrite ? null : <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>{t('partners.readOnly')}</Alert>}
        <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label={t('partners.naziv')} required maxLength={200} value={fields.naziv} error={errorFor('naziv')} data-autofocus
                onChange={(event) => set('naziv', event.currentTarget.value)}
              />
              <TextInput label={t('partners.idBroj')} maxLength={20} value={fields.idBroj} onChange={(event) => set('idBroj', event.currentTarget.value)} />
              <TextInput label={t('partners.adresa')} maxLength={200} value={fields.adresa} onChange={(event) => set('adresa', event.currentTarget.value)} />
              <TextInput label={t('partners.telefon')} maxLength={50} value={fields.telefon} onChange={(event) => set('telefon', event.currentTarget.value)} />
              <TextInput
                label={t('partners.email')} type="email" maxLength={254} value={fields.email} error={errorFor('email')}
                onChange={(event) => set('email', event.currentTarget.value)}
              />
              <Switch label={t('partners.aktivan')} checked={fields.aktivan} onChange={(event) => set('aktivan', event.currentTarget.checked)} mt="xl" />
            </SimpleGrid>
            <Checkbox.Group label={t('partners.vrste')} value={fields.vrste} onChange={(value) => set('vrste', PARTNER_KINDS.filter((kind) => value.includes(kind)))}>
              <Group gap="lg" mt={6}>
                {PARTNER_KINDS.map((kind) => <Checkbox key={kind} value={kind} label={t(`partners.kind_${kind}`)} />)}
              </Group>
            </Checkbox.Group>
            <TagsInput
              label={t('partners.emailNalazi')} description={t('partners.emailNalaziHint')} value={fields.emailNalazi} clearable
              onChange={(value) => set('emailNalazi', value)} error={problem?.field.startsWith('emailNalazi') ? problem.text : undefined} maxTags={20}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('partners.hl7Title')}</Text>
              <Text size="xs" c="dimmed">{t('partners.hl7Hint')}</Text>
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 3 }} label={t('partners.hl7Host')} placeholder="his.bolnica.ba" maxLength={253} value={fields.hl7Host} error={errorFor('hl7Host')}
                  onChange={(event) => set('hl7Host', event.currentTarget.value)}
                />
                <TextInput
                  style={{ flex: 1 }} label={t('partners.hl7Port')} placeholder="2575" inputMode="numeric" maxLength={5} value={fields.hl7Port} error={errorFor('hl7Port')}
                  onChange={(event) => set('hl7Port', event.currentTarget.value)}
                />
              </Group>
            </Stack>

            <Divider />
            <Group justify="space-between">
              <Title order={4}>{t('partners.tabKontakti', { n: fields.kontakti.length })}</Title>
              {canWrite ? (
                <Button variant="light" size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => set('kontakti', [...fields.kontakti, { ime: '', telefon: '', email: '' }])}>
                  {t('partners.addContact')}
                </Button>
              ) : null}
            </Group>
            {fields.kontakti.length === 0 ? <Text size="sm" c="dimmed">{t('partners.noContacts')}</Text> : null}
            {/* Rows have no id of their own until saved: their position is their identity. */}
            {fields.kontakti.map((entry, index) => (
              <Group key={index} gap="sm" align="flex-end" wrap="nowrap">
                <TextInput style={{ flex: 2 }} label={t('partners.contactIme')} value={entry.ime} maxLength={200} error={errorFor(`kontakti.${index}.ime`)} onChange={(event) => contact(index, { ime: event.currentTarget.value })} />
                <TextInput style={{ flex: 1 }} label={t('partners.contactTelefon')} value={entry.telefon} maxLength={50} onChange={(event) => contact(index, { telefon: event.currentTarget.value })} />
                <TextInput style={{ flex: 2 }} label={t('partners.contactEmail')} value={entry.email} maxLength={254} error={errorFor(`kontakti.${index}.email`)} onChange={(event) => contact(index, { email: event.currentTarget.value })} />
                {canWrite ? (
                  <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={t('partners.removeContact', { n: index + 1 })} onClick={() => set('kontakti', fields.kontakti.filter((_, at) => at !== index))}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}

            <Divider />
            <Group justify="space-between">
              <Stack gap={0}>
                <Title order={4}>{t('partners.tabCijene', { n: fields.cijene.length })}</Title>
                <Text size="xs" c="dimmed">{t('partners.pricesHint')}</Text>
              </Stack>
              {canWrite ? (
                <Button variant="light" size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => set('cijene', [...fields.cijene, { labassay: null, price: '' }])}>
                  {t('partners.addPrice')}
                </Button>
              ) : null}
            </Group>
            {fields.cijene.length === 0 ? <Text size="sm" c="dimmed">{t('partners.noPrices')}</Text> : null}
            {fields.cijene.map((entry, index) => (
              <Group key={index} gap="sm" align="flex-end" wrap="nowrap">
                <Select
                  style={{ flex: 3 }} label={t('partners.priceTest')} placeholder={t('partners.priceTestChoose')} searchable value={entry.labassay}
                  data={testOptions.filter((option) => option.value === entry.labassay || !fields.cijene.some((line) => line.labassay === option.value))}
                  onChange={(labassay) => priceRow(index, { labassay })} comboboxProps={{ withinPortal: true }}
                  description={entry.labassay ? t('partners.catalogue', { price: cataloguePrice.get(entry.labassay) ?? '' }) : ' '}
                  error={errorFor(`cijene.${index}.labassay`)}
                />
                <TextInput
                  style={{ flex: 1 }} label={t('partners.price')} inputMode="decimal" value={entry.price} maxLength={12} error={errorFor(`cijene.${index}.price`)}
                  onChange={(event) => priceRow(index, { price: event.currentTarget.value })}
                />
                {canWrite ? (
                  <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={t('partners.removePrice', { n: index + 1 })} onClick={() => set('cijene', fields.cijene.filter((_, at) => at !== index))}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
          </Stack>
        </fieldset>
        <Group justify="flex-end" gap="sm">
          {canWrite ? (
            <>
              <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" loading={saving}>{t('common.confirm')}</Button>
            </>
          ) : <Button variant="default" onClick={onClose}>{t('common.close')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
