/**
 * 'Unos produkta': registers a product. The LN is typed, never pasted; once
 * it is longer than 3 characters the dialog asks whether it is registered,
 * and if so shows 'Uneseni LN je već registriran!' in red with 'Produkt:'
 * and the product's description, offers 'Prijem' (goods in for that product)
 * and hides the confirm button. LN, opis, sadrzaj and jedinica are required
 * ('Unesite obavezna polja.'); nivo starts at 0, danadoroka at 30, OJ at the
 * current site. After a save the user is on /inventar/produkti.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DEFAULT_DANADOROKA, DEFAULT_NIVO, PRODUCT_COUNTRIES, PRODUCT_UNITS, type Product, type ProductDraft, type ReferenceKind, lnCheckDue,
  missingProductFields, productConfirmState,
} from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { serverMessage, messageText } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { createProduct, inventoryKeys, readProduct, referenceList } from './api.ts';

/** How long typing pauses before the LN is looked up. */
const LN_CHECK_DELAY_MS = 300;

interface Fields extends ProductDraft {
  zasticeni_naziv: string;
  zemlja_porijekla: string;
  pakovanje: string;
  upozorenje: string;
  nivo: number;
  danadoroka: number;
  klasa: string | null;
  program: string | null;
  platforma: string | null;
  proizvodjac: string | null;
  oj: string;
}

const emptyFields = (site: string): Fields => ({
  LN: '', opis: '', sadrzaj: null, jedinica_mjere: '', zasticeni_naziv: '', zemlja_porijekla: '', pakovanje: '', upozorenje: '',
  nivo: DEFAULT_NIVO, danadoroka: DEFAULT_DANADOROKA, klasa: null, program: null, platforma: null, proizvodjac: null, oj: site,
});

function useReferenceOptions(kind: ReferenceKind | 'oj', site: string, enabled: boolean) {
  const query = useQuery({ queryKey: inventoryKeys.reference(kind, site), queryFn: ({ signal }) => referenceList(kind, signal), enabled });
  return (query.data ?? []).map((entry) => ({ value: entry._id, label: entry.naziv }));
}

export interface ProductDialogProps {
  opened: boolean;
  onClose: () => void;
  onSaved: (product: Product) => void;
}

export function ProductDialog({ opened, onClose, onSaved }: ProductDialogProps) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>(() => emptyFields(session.siteId));
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  /** The product a refused save found under the LN (registered meanwhile, or an LN too short for the check while typing). */
  const [conflict, setConflict] = useState<Product | null>(null);
  const [typedLn] = useDebouncedValue(fields.LN.trim(), LN_CHECK_DELAY_MS);

  useEffect(() => {
    if (!opened) return;
    setFields(emptyFields(session.siteId));
    setMissing(new Set());
    setConflict(null);
  }, [opened, session.siteId]);

  const lookup = useQuery({
    queryKey: ['inventory', 'readprodukt', typedLn.toUpperCase()],
    queryFn: ({ signal }) => readProduct(typedLn, signal),
    enabled: opened && lnCheckDue(typedLn),
  });
  const looked = lnCheckDue(typedLn) && typedLn === fields.LN.trim() ? (lookup.data?.produkt ?? null) : null;
  const registered = looked ?? conflict;

  const klase = useReferenceOptions('klasa', session.siteId, opened);
  const programi = useReferenceOptions('program', session.siteId, opened);
  const platforme = useReferenceOptions('platforma', session.siteId, opened);
  const proizvodjaci = useReferenceOptions('proizvodjac', session.siteId, opened);
  const ojList = useReferenceOptions('oj', session.siteId, opened);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    if (key === 'LN') setConflict(null);
    setFields((current) => ({ ...current, [key]: value }));
    setMissing((current) => {
      if (!current.has(key)) return current;
      const next = new Set(current);
      next.delete(key);
      return next;
    });
  };

  const confirmState = productConfirmState(fields, registered !== null);
  const requiredError = (key: keyof ProductDraft) => (missing.has(key) ? messageText('form.required') : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (confirmState !== 'enabled') return;
    const absent = missingProductFields(fields);
    if (absent.length > 0) {
      setMissing(new Set(absent));
      notify.warning(messageText('form.required'));
      return;
    }
    setSaving(true);
    try {
      const answer = await createProduct({
        ...fields, LN: fields.LN.trim(), sadrzaj: fields.sadrzaj ?? 0,
        jedinica_mjere: fields.jedinica_mjere as (typeof PRODUCT_UNITS)[number],
        zemlja_porijekla: fields.zemlja_porijekla as (typeof PRODUCT_COUNTRIES)[number] | '',
      });
      notify.success(messageText('inventory.productSaved'));
      onSaved(answer.produkt);
      void navigate('/inventar/produkti');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'inventory.duplicateLn') {
        const found = await readProduct(fields.LN.trim()).catch(() => null);
        setConflict(found?.produkt ?? null);
        if (!found?.produkt) notify.warning(serverMessage(error));
      } else if (error instanceof ApiError && error.status === 400) {
        notify.warning(serverMessage(error));
      } else {
        notify.error(messageText('save.failed'));
      }
    } finally {
      setSaving(false);
    }
  };

  const admit = (product: Product) => {
    onClose();
    void navigate(`/inventar/ulaz?produkt=${product._id}`);
  };

  return (
    <AppDialog opened={opened} onClose={onClose} title={t('inventory.dialogTitle')} size="xl" force>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('inventory.LN')} description={t('inventory.lnHint')} withAsterisk data-autofocus maxLength={40}
              value={fields.LN} onChange={(event) => set('LN', event.currentTarget.value)} error={requiredError('LN')}
              onPaste={(event) => { event.preventDefault(); notify.warning(t('inventory.pasteBlocked')); }}
              onDrop={(event) => event.preventDefault()}
              rightSection={lookup.isFetching ? <Loader size="xs" aria-label={t('inventory.checking')} /> : null}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <TextInput
              label={t('inventory.opis')} withAsterisk maxLength={200} value={fields.opis} onChange={(event) => set('opis', event.currentTarget.value)}
              error={requiredError('opis') ?? (fields.opis.trim().length > 0 && confirmState === 'disabled' ? t('inventory.opisTooShort') : undefined)}
            />
          </SimpleGrid>
          {registered ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={messageText('inventory.duplicateLn')} role="alert">
              <Group justify="space-between" align="center" gap="sm">
                <Text fw={500}>{t('inventory.registeredProduct', { opis: registered.opis })}</Text>
                <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => admit(registered)}>{t('common.admit')}</Button>
              </Group>
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <NumberInput
              label={t('inventory.sadrzaj')} description={t('inventory.sadrzajHint')} withAsterisk min={0} decimalScale={3} allowNegative={false}
              value={fields.sadrzaj ?? ''} onChange={(value) => set('sadrzaj', typeof value === 'number' ? value : null)} error={requiredError('sadrzaj')}
            />
            <Select
              label={t('inventory.jedinica_mjere')} withAsterisk data={[...PRODUCT_UNITS]} value={fields.jedinica_mjere || null}
              onChange={(value) => set('jedinica_mjere', value ?? '')} error={requiredError('jedinica_mjere')}
            />
            <TextInput label={t('inventory.pakovanje')} maxLength={100} value={fields.pakovanje} onChange={(event) => set('pakovanje', event.currentTarget.value)} />
            <TextInput
              label={t('inventory.zasticeni_naziv')} maxLength={200} value={fields.zasticeni_naziv}
              onChange={(event) => set('zasticeni_naziv', event.currentTarget.value)}
            />
            <Select
              label={t('inventory.zemlja_porijekla')} data={[...PRODUCT_COUNTRIES]} clearable value={fields.zemlja_porijekla || null}
              onChange={(value) => set('zemlja_porijekla', value ?? '')}
            />
            <Select label={t('inventory.oj')} data={ojList} allowDeselect={false} value={fields.oj} onChange={(value) => set('oj', value ?? session.siteId)} />
            <NumberInput
              label={t('inventory.nivo')} description={t('inventory.nivoHint')} min={0} allowDecimal={false} allowNegative={false}
              value={fields.nivo} onChange={(value) => set('nivo', typeof value === 'number' ? value : DEFAULT_NIVO)}
            />
            <NumberInput
              label={t('inventory.danadoroka')} description={t('inventory.danadorokaHint')} min={0} max={3650} allowDecimal={false} allowNegative={false}
              value={fields.danadoroka} onChange={(value) => set('danadoroka', typeof value === 'number' ? value : DEFAULT_DANADOROKA)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md" verticalSpacing="sm">
            <Select label={t('inventory.klasa')} data={klase} clearable searchable value={fields.klasa} onChange={(value) => set('klasa', value)} />
            <Select label={t('inventory.program')} data={programi} clearable searchable value={fields.program} onChange={(value) => set('program', value)} />
            <Select label={t('inventory.platforma')} data={platforme} clearable searchable value={fields.platforma} onChange={(value) => set('platforma', value)} />
            <Select
              label={t('inventory.proizvodjac')} data={proizvodjaci} clearable searchable value={fields.proizvodjac}
              onChange={(value) => set('proizvodjac', value)}
            />
          </SimpleGrid>
          <Textarea
            label={t('inventory.upozorenje')} autosize minRows={1} maxRows={4} maxLength={500} value={fields.upozorenje}
            onChange={(event) => set('upozorenje', event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            {confirmState === 'hidden' ? null : (
              <Button type="submit" loading={saving} disabled={confirmState === 'disabled'}>{t('common.confirm')}</Button>
            )}
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
