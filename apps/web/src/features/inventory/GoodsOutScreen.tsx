/**
 * /inventar/izlaz: goods out. Packages of a product used by a lab section at
 * this site; the lot is the first-expiring usable one unless one is chosen
 * (the choices show each lot's expiry and stock, warnings included). The
 * site's latest consumptions are listed below.
 */
import { useState } from 'react';
import { NumberInput, Select } from '@mantine/core';
import { IconPackageExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { consume, inventoryKeys, sections, stock } from './api.ts';
import { dayText } from './format.ts';
import { MovementForm, useMovementForm } from './MovementForm.tsx';
import { useProducts } from './use-products.ts';

const AUTOMATIC = '';

export function GoodsOutScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const { choices: products, none: noProducts } = useProducts();
  const form = useMovementForm();
  const [produkt, setProdukt] = useState<string | null>(null);
  const [lot, setLot] = useState<string>(AUTOMATIC);
  const [sekcija, setSekcija] = useState<string | null>(null);
  const [kolicina, setKolicina] = useState<number | ''>('');

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

  const submit = async () => {
    if (!form.requireAll({ produkt, sekcija, kolicina }) || !produkt || !sekcija || kolicina === '') return;
    await form.send(async () => {
      const answer = await consume({ produkt, sekcija, kolicina, napomena: form.napomena, ...(lot === AUTOMATIC ? {} : { lot }) });
      const lots = answer.izdano.map((entry) => `${entry.lot} × ${entry.kolicina}`).join(', ');
      setKolicina('');
      setLot(AUTOMATIC);
      return `${serverMessage({ message: answer.message, code: 'inventory.consumptionSaved' })} ${t('inventory.taken', { lots })}`;
    });
  };

  return (
    <MovementForm
      vrsta="izlaz" form={form} onSubmit={submit}
      title={t('inventory.consumptionTitle')} description={t('inventory.consumptionDescription')} recentTitle={t('inventory.recentConsumptions')}
      noProducts={noProducts}
      submitLabel={t('inventory.consume')} submitIcon={<IconPackageExport size={18} aria-hidden />}
    >
      <Select
        label={t('inventory.produkt')} placeholder={t('inventory.produktPlaceholder')} withAsterisk searchable allowDeselect={false} data={products}
        value={produkt} onChange={(value) => { setProdukt(value); setLot(AUTOMATIC); }} error={form.problems.produkt}
      />
      <Select
        label={t('inventory.lot')} data={lotChoices} allowDeselect={false} value={lot} onChange={(value) => setLot(value ?? AUTOMATIC)}
        disabled={produkt === null} error={form.problems.lot}
        description={productStock ? `${t('inventory.col_ukupno')}: ${productStock.ukupno}` : undefined}
      />
      <Select
        label={t('inventory.sekcija')} withAsterisk searchable data={(sectionQuery.data?.sekcije ?? []).map((entry) => ({ value: entry._id, label: entry.naziv }))}
        value={sekcija} onChange={setSekcija} error={form.problems.sekcija}
      />
      <NumberInput
        label={t('inventory.kolicina')} withAsterisk min={1} max={100000} allowDecimal={false} allowNegative={false}
        value={kolicina} onChange={(value) => setKolicina(typeof value === 'number' ? value : '')} error={form.problems.kolicina}
      />
    </MovementForm>
  );
}
