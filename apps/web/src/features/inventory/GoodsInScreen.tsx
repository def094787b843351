/**
 * /inventar/ulaz: goods in. A lot of a product received at this site: lot
 * number, expiry (not past), quantity in packages, note, and what it arrives
 * for: a sent purchase order still awaiting the product and, without one, a
 * supplier contract valid today with some of it left (each choice says what
 * remains; the server refuses more). 'Prijem' of the product dialog and an
 * order's 'Primi' open it with the product (and order) chosen (?produkt=,
 * ?narudzba=). The site's latest receipts are listed below.
 */
import { useState } from 'react';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toIsoDate } from '@lis/domain';
import { DayInput } from '../../components/DayInput.tsx';
import { serverMessage, useLanguage } from '../../i18n/index.ts';
import { siteToday } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { inventoryKeys, openOrders, productContracts, receive } from './api.ts';
import { MovementForm, useMovementForm } from './MovementForm.tsx';
import { useProducts } from './use-products.ts';
import { formatMoney } from '../../lib/format.ts';

const NONE = '';

export function GoodsInScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const [params] = useSearchParams();
  const { choices: products, none: noProducts } = useProducts();
  const form = useMovementForm();
  const [produkt, setProdukt] = useState<string | null>(params.get('produkt'));
  const [narudzba, setNarudzba] = useState<string>(params.get('narudzba') ?? NONE);
  const [ugovor, setUgovor] = useState<string>(NONE);
  const [lot, setLot] = useState('');
  const [rok, setRok] = useState<string | null>(null);
  const [kolicina, setKolicina] = useState<number | ''>('');
  const today = toIsoDate(siteToday());

  const orderQuery = useQuery({
    queryKey: inventoryKeys.openOrders(session.siteId, produkt), queryFn: ({ signal }) => openOrders(produkt ?? '', signal), enabled: produkt !== null,
  });
  const contractQuery = useQuery({
    queryKey: inventoryKeys.productContracts(produkt), queryFn: ({ signal }) => productContracts(produkt ?? '', signal), enabled: produkt !== null,
  });
  const orderChoices = [
    { value: NONE, label: t('inventory.withoutOrder') },
    ...(orderQuery.data?.narudzbe ?? []).map((entry) => ({
      value: entry._id, label: t('inventory.orderOption', { broj: entry.broj, dobavljac: entry.dobavljac, preostalo: entry.preostalo }),
    })),
  ];
  const contractChoices = [
    { value: NONE, label: t('inventory.withoutContract') },
    ...(contractQuery.data?.ugovori ?? []).map((entry) => ({
      value: entry._id,
      label: t('inventory.contractOption', { broj: entry.broj, dobavljac: entry.dobavljac.naziv, cijena: formatMoney(entry.cijena, language), preostalo: entry.preostalo }),
    })),
  ];
  // A choice the product no longer offers (another product picked) is not sent.
  const chosenOrder = orderChoices.some((choice) => choice.value === narudzba) ? narudzba : NONE;
  const chosenContract = chosenOrder === NONE && contractChoices.some((choice) => choice.value === ugovor) ? ugovor : NONE;

  const submit = async () => {
    if (!form.requireAll({ produkt, lot: lot.trim(), rok_trajanja: rok, kolicina }) || !produkt || !rok || kolicina === '') return;
    await form.send(async () => {
      const answer = await receive({
        produkt, lot: lot.trim(), rok_trajanja: rok, kolicina, napomena: form.napomena,
        ...(chosenOrder === NONE ? {} : { narudzba: chosenOrder }), ...(chosenContract === NONE ? {} : { ugovor: chosenContract }),
      });
      setLot('');
      setRok(null);
      setKolicina('');
      return serverMessage({ message: answer.message, code: 'inventory.receiptSaved' });
    });
  };

  return (
    <MovementForm
      vrsta="ulaz" form={form} onSubmit={submit}
      title={t('inventory.receiptTitle')} description={t('inventory.receiptDescription')} recentTitle={t('inventory.recentReceipts')}
      noProducts={noProducts}
      submitLabel={t('inventory.receive')} submitIcon={<IconPackageImport size={18} aria-hidden />}
    >
      <Select
        label={t('inventory.produkt')} placeholder={t('inventory.produktPlaceholder')} withAsterisk searchable allowDeselect={false} data={products}
        value={produkt} onChange={setProdukt} error={form.problems.produkt} nothingFoundMessage={t('inventory.noStock')}
      />
      <TextInput label={t('inventory.lot')} withAsterisk maxLength={60} value={lot} onChange={(event) => setLot(event.currentTarget.value)} error={form.problems.lot} />
      <DayInput
        label={t('inventory.rok_trajanja')} withAsterisk minDate={today} value={rok} onChange={setRok} error={form.problems.rok_trajanja}
      />
      <NumberInput
        label={t('inventory.kolicina')} withAsterisk min={1} max={100000} allowDecimal={false} allowNegative={false}
        value={kolicina} onChange={(value) => setKolicina(typeof value === 'number' ? value : '')} error={form.problems.kolicina}
      />
      <Select
        label={t('inventory.narudzba')} data={orderChoices} allowDeselect={false} value={chosenOrder} onChange={(value) => setNarudzba(value ?? NONE)}
        disabled={produkt === null} error={form.problems.narudzba}
      />
      <Select
        label={t('inventory.ugovor')} data={contractChoices} allowDeselect={false} value={chosenContract} onChange={(value) => setUgovor(value ?? NONE)}
        disabled={produkt === null || chosenOrder !== NONE} error={form.problems.ugovor}
        description={chosenOrder !== NONE ? t('inventory.contractOfOrder') : undefined}
      />
    </MovementForm>
  );
}
