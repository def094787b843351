/**
 * /inventar/ulaz: goods in. A lot of a product received at this site: lot
 * number, expiry (not past), quantity in packages, note. 'Prijem' of the
 * product dialog opens it with the product chosen (?produkt=). The site's
 * latest receipts are listed below.
 */
import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconPackageImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fromLocalDateText, message, toIsoDate } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { currentLanguage, serverMessage, useLanguage } from '../../i18n/index.ts';
import { siteToday } from '../../lib/date-time.ts';
import { inventoryKeys, receive } from './api.ts';
import { MovementsTable } from './MovementsTable.tsx';
import { useProductChoices } from './use-products.ts';

const MONDAY = 1;

/** A typed expiry, dd.mm.yyyy (dots or dashes), as the day the form sends. */
function parseTypedDay(value: string): string | null {
  const date = fromLocalDateText(value.trim());
  return date ? toIsoDate(date) : null;
}

export function GoodsInScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const products = useProductChoices();
  const [produkt, setProdukt] = useState<string | null>(params.get('produkt'));
  const [lot, setLot] = useState('');
  const [rok, setRok] = useState<string | null>(null);
  const [kolicina, setKolicina] = useState<number | ''>('');
  const [napomena, setNapomena] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(0);
  const today = toIsoDate(siteToday());

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const required = message('form.required', currentLanguage());
    const missing: Record<string, string> = {};
    if (!produkt) missing.produkt = required;
    if (lot.trim() === '') missing.lot = required;
    if (!rok) missing.rok_trajanja = required;
    if (kolicina === '') missing.kolicina = required;
    setProblems(missing);
    if (Object.keys(missing).length > 0 || !produkt || !rok || kolicina === '') {
      notify.warning(required);
      return;
    }
    setSaving(true);
    try {
      const answer = await receive({ produkt, lot: lot.trim(), rok_trajanja: rok, kolicina, napomena });
      notify.success(serverMessage({ message: answer.message, code: 'inventory.receiptSaved' }));
      setLot('');
      setRok(null);
      setKolicina('');
      setNapomena('');
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
        <Title order={2}>{t('inventory.receiptTitle')}</Title>
        <Text c="dimmed" size="sm">{t('inventory.receiptDescription')}</Text>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
              <Select
                label={t('inventory.produkt')} placeholder={t('inventory.produktPlaceholder')} withAsterisk searchable allowDeselect={false} data={products}
                value={produkt} onChange={setProdukt} error={problems.produkt} nothingFoundMessage={t('inventory.noStock')}
              />
              <TextInput label={t('inventory.lot')} withAsterisk maxLength={60} value={lot} onChange={(event) => setLot(event.currentTarget.value)} error={problems.lot} />
              <DateInput
                label={t('inventory.rok_trajanja')} withAsterisk valueFormat="DD.MM.YYYY" locale={language} firstDayOfWeek={MONDAY} minDate={today}
                leftSection={<IconCalendar size={16} aria-hidden />} value={rok} onChange={setRok} error={problems.rok_trajanja} dateParser={parseTypedDay}
                popoverProps={{ withinPortal: true }}
              />
              <NumberInput
                label={t('inventory.kolicina')} withAsterisk min={1} max={100000} allowDecimal={false} allowNegative={false}
                value={kolicina} onChange={(value) => setKolicina(typeof value === 'number' ? value : '')} error={problems.kolicina}
              />
            </SimpleGrid>
            <TextInput label={t('inventory.napomena')} maxLength={300} value={napomena} onChange={(event) => setNapomena(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button type="submit" loading={saving} leftSection={<IconPackageImport size={18} aria-hidden />}>{t('inventory.receive')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Title order={3} size="h4">{t('inventory.recentReceipts')}</Title>
      <MovementsTable vrsta="ulaz" refreshSignal={saved} />
    </Stack>
  );
}
