/**
 * 'Novi ugovor': a contract with a supplier (a partner whose roles include
 * dobavljač), its number, validity from–to and its products, each with a unit
 * price in KM and the packages contracted. Every field is required; the server
 * refuses a number the supplier has already, an end before the start and a
 * product listed twice, and its message goes under the field.
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { notify } from '../../components/notify.tsx';
import { serverMessage, messageText } from '../../i18n/index.ts';
import { createContract, inventoryKeys, suppliers } from './api.ts';
import { numberOrEmpty } from './format.ts';
import { useProductChoices } from './use-products.ts';

interface Line {
  key: number;
  produkt: string | null;
  cijena: number | '';
  kolicina: number | '';
}

let nextLineKey = 0;
const emptyLine = (): Line => ({ key: nextLineKey++, produkt: null, cijena: '', kolicina: '' });

export function ContractDialog({ opened, onClose, onSaved }: { opened: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const products = useProductChoices();
  const supplierQuery = useQuery({ queryKey: inventoryKeys.suppliers, queryFn: ({ signal }) => suppliers(signal), enabled: opened });
  const supplierChoices = (supplierQuery.data?.dobavljaci ?? []).map((entry) => ({ value: entry._id, label: entry.naziv }));
  const [dobavljac, setDobavljac] = useState<string | null>(null);
  const [broj, setBroj] = useState('');
  const [vaziOd, setVaziOd] = useState<string | null>(null);
  const [vaziDo, setVaziDo] = useState<string | null>(null);
  const [lines, setLines] = useState<Line[]>(() => [emptyLine()]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setDobavljac(null);
    setBroj('');
    setVaziOd(null);
    setVaziDo(null);
    setLines([emptyLine()]);
    setProblems({});
  }, [opened]);

  const changeLine = (key: number, change: Partial<Line>) => setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const required = messageText('form.required');
    const missing: Record<string, string> = {};
    if (!dobavljac) missing['ugovor.dobavljac'] = required;
    if (broj.trim() === '') missing['ugovor.broj'] = required;
    if (!vaziOd) missing['ugovor.vazi_od'] = required;
    if (!vaziDo) missing['ugovor.vazi_do'] = required;
    lines.forEach((line, index) => {
      if (!line.produkt) missing[`ugovor.stavke.${index}.produkt`] = required;
      if (line.cijena === '') missing[`ugovor.stavke.${index}.cijena`] = required;
      if (line.kolicina === '') missing[`ugovor.stavke.${index}.kolicina`] = required;
    });
    setProblems(missing);
    if (Object.keys(missing).length > 0 || !dobavljac || !vaziOd || !vaziDo) {
      notify.warning(required);
      return;
    }
    setSaving(true);
    try {
      const answer = await createContract({
        dobavljac, broj: broj.trim(), vazi_od: vaziOd, vazi_do: vaziDo,
        stavke: lines.map((line) => ({ produkt: line.produkt ?? '', cijena: Number(line.cijena), kolicina: Number(line.kolicina) })),
      });
      notify.success(serverMessage({ message: answer.message, code: 'inventory.contractSaved' }));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.field) setProblems({ [error.field]: serverMessage(error) });
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  const linesProblem = problems['ugovor.stavke'];
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('inventory.newContract')} size="xl" force>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {supplierQuery.isSuccess && supplierChoices.length === 0 ? <Alert color="orange" variant="light">{t('inventory.noSuppliers')}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Select
              label={t('inventory.dobavljac')} withAsterisk searchable allowDeselect={false} data={supplierChoices} value={dobavljac}
              onChange={setDobavljac} error={problems['ugovor.dobavljac']}
            />
            <TextInput label={t('inventory.broj')} withAsterisk maxLength={60} value={broj} onChange={(event) => setBroj(event.currentTarget.value)} error={problems['ugovor.broj']} />
            <DayInput label={t('inventory.vazi_od')} withAsterisk value={vaziOd} onChange={setVaziOd} error={problems['ugovor.vazi_od']} />
            <DayInput
              label={t('inventory.vazi_do')} withAsterisk value={vaziDo} onChange={setVaziDo} minDate={vaziOd ?? undefined} error={problems['ugovor.vazi_do']}
            />
          </SimpleGrid>
          <Text fw={600} size="sm">{t('inventory.stavke')}</Text>
          {linesProblem ? <Text size="sm" c="red.8" role="alert">{linesProblem}</Text> : null}
          {lines.map((line, index) => (
            <Group key={line.key} gap="sm" align="flex-start" wrap="nowrap">
              <Select
                style={{ flex: 3 }} label={t('inventory.lineProduct', { index: index + 1 })} searchable allowDeselect={false} data={products}
                value={line.produkt} onChange={(value) => changeLine(line.key, { produkt: value })} error={problems[`ugovor.stavke.${index}.produkt`]}
              />
              <NumberInput
                style={{ flex: 1 }} label={t('inventory.linePrice', { index: index + 1 })} min={0} decimalScale={2} decimalSeparator=","
                allowNegative={false} value={line.cijena} onChange={(value) => changeLine(line.key, { cijena: numberOrEmpty(value) })}
                error={problems[`ugovor.stavke.${index}.cijena`]}
              />
              <NumberInput
                style={{ flex: 1 }} label={t('inventory.lineQuantity', { index: index + 1 })} min={1} max={100000} allowDecimal={false} allowNegative={false}
                value={line.kolicina} onChange={(value) => changeLine(line.key, { kolicina: typeof value === 'number' ? value : '' })}
                error={problems[`ugovor.stavke.${index}.kolicina`]}
              />
              <ActionIcon
                mt={26} variant="subtle" color="red" size="lg" aria-label={t('inventory.removeLine', { index: index + 1 })} disabled={lines.length === 1}
                onClick={() => setLines((current) => current.filter((entry) => entry.key !== line.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setLines((current) => [...current, emptyLine()])}>
              {t('inventory.addLine')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>{t('inventory.cancel')}</Button>
              <Button type="submit" loading={saving}>{t('inventory.save')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
