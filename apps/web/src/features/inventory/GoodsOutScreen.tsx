/**
 * /inventar/izlaz: goods out. Packages of a product used by a lab section at
 * this site; the lot is the first-expiring usable one unless one is chosen
 * (the choices show each lot's expiry and stock, warnings included). The
 * site's latest consumptions are listed below.
 */
import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPackageExport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { message } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { currentLanguage, serverMessage } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { consume, inventoryKeys, sections, stock } from './api.ts';
import { dayText } from './format.ts';
import { MovementsTable } from './MovementsTable.tsx';
import { useProductChoices } from './use-products.ts';

const AUTOMATIC = '';

export function GoodsOutScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const products = useProductChoices();
  const [produkt, setProdukt] = useState<string | null>(null);
  const [lot, setLot] = useState<string>(AUTOMATIC);
  const [sekcija, setSekcija] = useState<string | null>(null);
  const [kolicina, setKolicina] = useState<number | ''>('');
  const [napomena, setNapomena] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(0);

  const sectionQuery = useQuery({ queryKey: inventoryKeys.sections, queryFn: ({ signal }) => sections(signal) });
  const lotQuery = useQuery({
    queryKey: inventoryKeys.stock(session.siteId, produkt), queryFn: ({ signal }) => stock(produkt, signal), enabled: produkt !== null,
  });
  const productStock = lotQuery.data?.produkti[0];
  const lotChoices = [
    { value: AUTOMATIC, label: t('inventory.lotAuto') },
    ...(productStock?.lotovi ?? []).filter((entry) => entry.rok !== 'expired').map((entry) => ({
      value: entry._id, label: t('inventory.lotOption', { lot: entry.lot, rok: dayText(entry.rok_trajanja), kolicina: entry.kolicina }),
    })),
  ];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const required = message('form.required', currentLanguage());
    const missing: Record<string, string> = {};
    if (!produkt) missing.produkt = required;
    if (!sekcija) missing.sekcija = required;
    if (kolicina === '') missing.kolicina = required;
    setProblems(missing);
    if (!produkt || !sekcija || kolicina === '') {
      notify.warning(required);
      return;
    }
    setSaving(true);
    try {
      const answer = await consume({ produkt, sekcija, kolicina, napomena, ...(lot === AUTOMATIC ? {} : { lot }) });
      const lots = answer.izdano.map((entry) => `${entry.lot} × ${entry.kolicina}`).join(', ');
      notify.success(`${serverMessage({ message: answer.message, code: 'inventory.consumptionSaved' })} ${t('inventory.taken', { lots })}`);
      setKolicina('');
      setNapomena('');
      setLot(AUTOMATIC);
      setSaved((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    } catch (error) {
      if (error instanceof ApiError && error.field) setProblems({ [error.field]: serverMessage(error) });
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={2}>{t('inventory.consumptionTitle')}</Title>
        <Text c="dimmed" size="sm">{t('inventory.consumptionDescription')}</Text>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
              <Select
                label={t('inventory.produkt')} placeholder={t('inventory.produktPlaceholder')} withAsterisk searchable allowDeselect={false} data={products}
                value={produkt} onChange={(value) => { setProdukt(value); setLot(AUTOMATIC); }} error={problems.produkt}
              />
              <Select
                label={t('inventory.lot')} data={lotChoices} allowDeselect={false} value={lot} onChange={(value) => setLot(value ?? AUTOMATIC)}
                disabled={produkt === null} error={problems.lot}
                description={productStock ? `${t('inventory.col_ukupno')}: ${productStock.ukupno}` : undefined}
              />
              <Select
                label={t('inventory.sekcija')} withAsterisk searchable data={(sectionQuery.data?.sekcije ?? []).map((entry) => ({ value: entry._id, label: entry.naziv }))}
                value={sekcija} onChange={setSekcija} error={problems.sekcija}
              />
              <NumberInput
                label={t('inventory.kolicina')} withAsterisk min={1} max={100000} allowDecimal={false} allowNegative={false}
                value={kolicina} onChange={(value) => setKolicina(typeof value === 'number' ? value : '')} error={problems.kolicina}
              />
            </SimpleGrid>
            <TextInput label={t('inventory.napomena')} maxLength={300} value={napomena} onChange={(event) => setNapomena(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button type="submit" loading={saving} leftSection={<IconPackageExport size={18} aria-hidden />}>{t('inventory.consume')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Title order={3} size="h4">{t('inventory.recentConsumptions')}</Title>
      <MovementsTable vrsta="izlaz" refreshSignal={saved} />
    </Stack>
  );
}
