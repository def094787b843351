/**
 * Low-stock suggestions of /inventar/narudzbe: every product under its level
 * at this site with the packages that bring it back above the level (less
 * what sent orders still bring) and the cheapest valid contract that has it.
 * The person ticks the products, adjusts quantities, picks the supplier (the
 * first contract's supplier to start with) and the contract, and raises a
 * draft order; products on the chosen contract get its price.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify.tsx';
import { serverMessage, useLanguage } from '../../i18n/index.ts';
import { useActiveSession } from '../auth/index.ts';
import { createOrder, inventoryKeys, orderSuggestions, suppliers } from './api.ts';
import { formatMoney } from '../../lib/format.ts';

const NONE = '';

export function SuggestionsPanel({ onCreated }: { onCreated: (orderId: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const canWrite = session.can('inventory.write');
  const query = useQuery({ queryKey: inventoryKeys.suggestions(session.siteId), queryFn: ({ signal }) => orderSuggestions(signal) });
  const supplierQuery = useQuery({ queryKey: inventoryKeys.suppliers, queryFn: ({ signal }) => suppliers(signal), enabled: canWrite });
  const suggestions = query.data?.prijedlozi ?? [];
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [quantities, setQuantities] = useState<Readonly<Record<string, number | ''>>>({});
  const [dobavljac, setDobavljac] = useState<string | null>(null);
  const [ugovor, setUgovor] = useState<string>(NONE);
  const [saving, setSaving] = useState(false);

  // The first suggestion under a contract proposes its supplier and contract, once the suggestions are in.
  const proposed = suggestions.find((entry) => entry.ugovor !== null)?.ugovor ?? null;
  useEffect(() => {
    if (dobavljac !== null || proposed === null) return;
    setDobavljac(proposed.dobavljac._id);
    setUgovor(proposed._id);
  }, [dobavljac, proposed]);

  const contractChoices = [
    { value: NONE, label: t('inventory.withoutContract') },
    ...[...new Map(suggestions.flatMap((entry) => (entry.ugovor && entry.ugovor.dobavljac._id === dobavljac ? [[entry.ugovor._id, entry.ugovor.broj] as const] : []))).entries()]
      .map(([value, label]) => ({ value, label })),
  ];
  const chosenContract = contractChoices.some((choice) => choice.value === ugovor) ? ugovor : NONE;
  const quantityOf = (produkt: string, suggested: number) => quantities[produkt] ?? suggested;

  const raise = async () => {
    const lines = suggestions.filter((entry) => !excluded.has(entry.produkt));
    if (!dobavljac) {
      notify.warning(t('inventory.chooseSupplier'));
      return;
    }
    if (lines.length === 0 || lines.some((entry) => quantityOf(entry.produkt, entry.kolicina) === '')) {
      notify.warning(t('inventory.chooseLines'));
      return;
    }
    setSaving(true);
    try {
      const answer = await createOrder({
        dobavljac, ugovor: chosenContract === NONE ? null : chosenContract,
        stavke: lines.map((entry) => ({ produkt: entry.produkt, kolicina: Number(quantityOf(entry.produkt, entry.kolicina)) })),
      });
      notify.success(serverMessage({ message: answer.message, code: 'inventory.orderSaved' }));
      setExcluded(new Set());
      setQuantities({});
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      onCreated(answer.narudzba._id);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('inventory.suggestionsTitle')}</Title>
        {query.isPending ? <Text size="sm" c="dimmed">{t('inventory.loading')}</Text> : null}
        {query.isError ? <Text size="sm" c="red.8">{t('inventory.failed')}</Text> : null}
        {query.isSuccess && suggestions.length === 0 ? <Text size="sm" c="dimmed">{t('inventory.noSuggestions')}</Text> : null}
        {suggestions.length > 0 ? (
          <>
            <div style={{ overflowX: 'auto' }}>
              <Table miw={800} verticalSpacing="xs">
                <Table.Caption>{t('inventory.suggestionsCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {canWrite ? <Table.Th w={40}><VisuallyHidden>{t('inventory.includeColumn')}</VisuallyHidden></Table.Th> : null}
                    <Table.Th>{t('inventory.col_LN')}</Table.Th>
                    <Table.Th>{t('inventory.col_opis')}</Table.Th>
                    <Table.Th ta="right">{t('inventory.col_stanje_nivo')}</Table.Th>
                    <Table.Th ta="right">{t('inventory.col_naruceno')}</Table.Th>
                    <Table.Th ta="right">{t('inventory.col_predlozeno')}</Table.Th>
                    <Table.Th>{t('inventory.col_ugovor')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {suggestions.map((entry) => (
                    <Table.Tr key={entry.produkt}>
                      {canWrite ? (
                        <Table.Td>
                          <Checkbox
                            aria-label={t('inventory.includeLine', { LN: entry.LN })} checked={!excluded.has(entry.produkt)}
                            onChange={(event) => {
                              const include = event.currentTarget.checked;
                              setExcluded((current) => {
                                const next = new Set(current);
                                if (include) next.delete(entry.produkt);
                                else next.add(entry.produkt);
                                return next;
                              });
                            }}
                          />
                        </Table.Td>
                      ) : null}
                      <Table.Td><Text size="sm" ff="monospace" fw={600}>{entry.LN}</Text></Table.Td>
                      <Table.Td>{entry.opis}</Table.Td>
                      <Table.Td ta="right">{entry.ukupno} / {entry.nivo}</Table.Td>
                      <Table.Td ta="right">{entry.naruceno}</Table.Td>
                      <Table.Td ta="right">
                        {canWrite ? (
                          <NumberInput
                            size="xs" w={90} ml="auto" min={1} max={100000} allowDecimal={false} allowNegative={false}
                            aria-label={t('inventory.quantityOf', { LN: entry.LN })} value={quantityOf(entry.produkt, entry.kolicina)}
                            onChange={(value) => setQuantities((current) => ({ ...current, [entry.produkt]: typeof value === 'number' ? value : '' }))}
                          />
                        ) : entry.kolicina}
                      </Table.Td>
                      <Table.Td>
                        {entry.ugovor ? `${entry.ugovor.broj} · ${entry.ugovor.dobavljac.naziv} · ${formatMoney(entry.ugovor.cijena, language)}` : t('inventory.noContract')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            {canWrite ? (
              <Group align="flex-end" gap="md">
                <Select
                  label={t('inventory.dobavljac')} withAsterisk searchable allowDeselect={false} w={280}
                  data={(supplierQuery.data?.dobavljaci ?? []).map((entry) => ({ value: entry._id, label: entry.naziv }))}
                  value={dobavljac} onChange={setDobavljac}
                />
                <Select
                  label={t('inventory.ugovor')} allowDeselect={false} w={220} data={contractChoices} value={chosenContract}
                  onChange={(value) => setUgovor(value ?? NONE)}
                />
                <Button loading={saving} leftSection={<IconFilePlus size={18} aria-hidden />} onClick={() => void raise()}>{t('inventory.createOrder')}</Button>
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
