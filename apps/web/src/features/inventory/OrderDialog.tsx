/**
 * One purchase order: its number, status, supplier, contract and lines
 * (packages ordered, unit price, received, remaining). A draft's quantities,
 * and the prices of lines not under the contract, can be changed and saved;
 * a draft is sent ('Pošalji'); a draft or a sent order with nothing received
 * can be cancelled; any order prints as a PDF. A sent line still awaiting
 * goods links to /inventar/ulaz with the product and the order chosen; the
 * receipts move the order to partly received and received.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { IconFileTypePdf, IconPackageImport, IconSend, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canCancelOrder, canEditOrder, canReceiveOrder, canSendOrder } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { serverMessage, useLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { openInNewTab } from '../../lib/download.ts';
import { useActiveSession } from '../auth/index.ts';
import { type Order, inventoryKeys, order as readOrder, orderPdf, orderStep, saveOrderLines } from './api.ts';
import { numberOrEmpty } from './format.ts';
import { ORDER_STATUS_COLOURS } from './order-status.ts';
import { formatMoney } from '../../lib/format.ts';

type Edits = Readonly<Record<string, { kolicina: number | ''; cijena: number | '' }>>;

const editsOf = (order: Order): Edits => Object.fromEntries(order.stavke.map((line) => [
  line._id, { kolicina: line.kolicina, cijena: line.cijena === null ? '' : Number(line.cijena) },
]));

export function OrderDialog({ id, onClose, onChanged }: { id: string | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const canWrite = session.can('inventory.write');
  const query = useQuery({
    queryKey: inventoryKeys.order(session.siteId, id ?? ''), queryFn: ({ signal }) => readOrder(id ?? '', signal), enabled: id !== null,
  });
  const current = query.data?.narudzba;
  const [edits, setEdits] = useState<Edits>({});
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (current) setEdits(editsOf(current));
  }, [current]);

  const run = async (what: string, action: () => Promise<{ message: string; narudzba: Order }>, code: 'inventory.orderSaved' | 'inventory.orderSent' | 'inventory.orderCancelled') => {
    setBusy(what);
    try {
      const answer = await action();
      notify.success(serverMessage({ message: answer.message, code }));
      queryClient.setQueryData(inventoryKeys.order(session.siteId, answer.narudzba._id), { success: true, narudzba: answer.narudzba });
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      onChanged();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  const openPdf = async (narudzba: Order) => {
    setBusy('pdf');
    try {
      await openInNewTab(() => orderPdf(narudzba._id));
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  const editable = current !== undefined && canWrite && canEditOrder(current.status);
  return (
    <AppDialog opened={id !== null} onClose={onClose} size="xl" title={current ? t('inventory.orderTitle', { broj: current.broj }) : t('inventory.loading')}>
      {query.isError ? <Text c="red.8">{t('inventory.failed')}</Text> : null}
      {current ? (
        <Stack gap="md">
          <Group gap="lg">
            <Badge color={ORDER_STATUS_COLOURS[current.status]} variant="light" c={READABLE_BADGE_TEXT}>{t(`inventory.status_${current.status}`)}</Badge>
            <Text size="sm"><b>{t('inventory.dobavljac')}:</b> {current.dobavljac.naziv}</Text>
            <Text size="sm"><b>{t('inventory.ugovor')}:</b> {current.ugovor?.broj ?? t('inventory.noContract')}</Text>
            <Text size="sm"><b>{t('inventory.kreirao')}:</b> {current.kreirao}, {formatDateTime(current.created_at)}</Text>
          </Group>
          <div style={{ overflowX: 'auto' }}>
            <Table miw={700} verticalSpacing="xs">
              <Table.Caption>{t('inventory.orderLinesCaption', { broj: current.broj })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('inventory.col_LN')}</Table.Th>
                  <Table.Th>{t('inventory.col_opis')}</Table.Th>
                  <Table.Th ta="right">{t('inventory.col_kolicina')}</Table.Th>
                  <Table.Th ta="right">{t('inventory.col_cijena')}</Table.Th>
                  <Table.Th ta="right">{t('inventory.col_primljeno')}</Table.Th>
                  <Table.Th ta="right">{t('inventory.col_preostalo')}</Table.Th>
                  {canWrite && canReceiveOrder(current.status) ? <Table.Th /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {current.stavke.map((line) => {
                  const edit = edits[line._id] ?? { kolicina: line.kolicina, cijena: '' };
                  return (
                    <Table.Tr key={line._id}>
                      <Table.Td><Text size="sm" ff="monospace" fw={600}>{line.LN}</Text></Table.Td>
                      <Table.Td>{line.opis}</Table.Td>
                      <Table.Td ta="right">
                        {editable ? (
                          <NumberInput
                            size="xs" w={90} ml="auto" min={1} max={100000} allowDecimal={false} allowNegative={false} aria-label={t('inventory.quantityOf', { LN: line.LN })}
                            value={edit.kolicina} onChange={(value) => setEdits((all) => ({ ...all, [line._id]: { ...edit, kolicina: typeof value === 'number' ? value : '' } }))}
                          />
                        ) : line.kolicina}
                      </Table.Td>
                      <Table.Td ta="right">
                        {editable && !line.ugovorena ? (
                          <NumberInput
                            size="xs" w={110} ml="auto" min={0} decimalScale={2} decimalSeparator="," allowNegative={false}
                            aria-label={t('inventory.priceOf', { LN: line.LN })} value={edit.cijena}
                            onChange={(value) => setEdits((all) => ({ ...all, [line._id]: { ...edit, cijena: numberOrEmpty(value) } }))}
                          />
                        ) : (
                          <Text size="sm">
                            {line.cijena === null ? t('inventory.noContract') : formatMoney(line.cijena, language)}
                            {line.ugovorena ? <Text span size="xs" c="dimmed"> ({t('inventory.contractPrice')})</Text> : null}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{line.primljeno}</Table.Td>
                      <Table.Td ta="right"><Text size="sm" fw={600}>{line.preostalo}</Text></Table.Td>
                      {canWrite && canReceiveOrder(current.status) ? (
                        <Table.Td ta="right">
                          {line.preostalo > 0 ? (
                            <Button
                              size="xs" variant="light" component={Link} to={`/inventar/ulaz?produkt=${line.produkt}&narudzba=${current._id}`}
                              leftSection={<IconPackageImport size={14} aria-hidden />} aria-label={`${t('inventory.receiveLine')} ${line.LN}`}
                            >
                              {t('inventory.receiveLine')}
                            </Button>
                          ) : null}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
          <Text size="sm" ta="right"><b>{t('inventory.ukupno')}:</b> {current.ukupno === null ? t('inventory.noContract') : formatMoney(current.ukupno, language)}</Text>
          <Group justify="space-between">
            <Button variant="default" loading={busy === 'pdf'} leftSection={<IconFileTypePdf size={18} aria-hidden />} onClick={() => void openPdf(current)}>
              {t('inventory.orderPdf')}
            </Button>
            {canWrite ? (
              <Group gap="sm">
                {canCancelOrder(current.status) ? (
                  <Button
                    variant="light" color="red" loading={busy === 'cancel'} leftSection={<IconX size={18} aria-hidden />}
                    onClick={() => void run('cancel', () => orderStep(current._id, 'otkazi'), 'inventory.orderCancelled')}
                  >
                    {t('inventory.cancelOrder')}
                  </Button>
                ) : null}
                {editable ? (
                  <Button
                    variant="light" loading={busy === 'lines'}
                    onClick={() => void run('lines', () => saveOrderLines(current._id, {
                      napomena: current.napomena,
                      stavke: current.stavke.map((line) => {
                        const edit = edits[line._id];
                        return {
                          produkt: line.produkt, kolicina: Number(edit?.kolicina === '' ? 0 : edit?.kolicina ?? line.kolicina),
                          cijena: edit === undefined || edit.cijena === '' ? null : edit.cijena,
                        };
                      }),
                    }), 'inventory.orderSaved')}
                  >
                    {t('inventory.saveLines')}
                  </Button>
                ) : null}
                {canSendOrder(current.status) ? (
                  <Button
                    loading={busy === 'send'} leftSection={<IconSend size={18} aria-hidden />}
                    onClick={() => void run('send', () => orderStep(current._id, 'posalji'), 'inventory.orderSent')}
                  >
                    {t('inventory.sendOrder')}
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </AppDialog>
  );
}
