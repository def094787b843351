/**
 * /inventar/stanje: stock at this site per product and lot, summed from the
 * movements, with the alerts: products under their level (nivo) and lots
 * within their product's warning days (danadoroka) of expiry or past it.
 */
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { READABLE_ALERT_STYLES, READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { useActiveSession } from '../auth/index.ts';
import { inventoryKeys, stock } from './api.ts';
import { ExpiryBadge } from './ExpiryBadge.tsx';
import { dayText } from './format.ts';

export function StockScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const query = useQuery({ queryKey: inventoryKeys.stock(session.siteId, null), queryFn: ({ signal }) => stock(null, signal) });
  const data = query.data;

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={2}>{t('inventory.stockTitle')}</Title>
        <Text c="dimmed" size="sm">{t('inventory.stockDescription')}</Text>
      </Stack>
      {data ? (
        <Group gap="md" align="stretch">
          {data.upozorenja.nisko > 0 ? (
            <Alert styles={READABLE_ALERT_STYLES} color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('inventory.alertsLow', { count: data.upozorenja.nisko })}>
              {data.produkti.filter((product) => product.nisko).map((product) => `${product.LN} (${product.ukupno}/${product.nivo})`).join(', ')}
            </Alert>
          ) : null}
          {data.upozorenja.rok > 0 ? (
            <Alert styles={READABLE_ALERT_STYLES} color="orange" variant="light" icon={<IconCalendarExclamation aria-hidden />} title={t('inventory.alertsExpiry', { count: data.upozorenja.rok })}>
              {data.produkti.flatMap((product) => product.lotovi.filter((lot) => lot.rok !== 'ok').map((lot) => `${product.LN} ${lot.lot} (${dayText(lot.rok_trajanja)})`)).join(', ')}
            </Alert>
          ) : null}
          {data.upozorenja.nisko === 0 && data.upozorenja.rok === 0 ? <Text c="dimmed" size="sm">{t('inventory.noAlerts')}</Text> : null}
        </Group>
      ) : null}
      <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
        {query.isPending ? <Text p="md" c="dimmed">{t('inventory.loading')}</Text> : null}
        {query.isError ? <Text p="md" c="red.8">{t('inventory.failed')}</Text> : null}
        {data && data.produkti.length === 0 ? <Text p="md" c="dimmed">{t('inventory.noStock')}</Text> : null}
        {data && data.produkti.length > 0 ? (
          <Table miw={900} verticalSpacing="sm">
            <Table.Caption>{t('inventory.stockCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inventory.col_LN')}</Table.Th>
                <Table.Th>{t('inventory.col_opis')}</Table.Th>
                <Table.Th ta="right">{t('inventory.col_ukupno')}</Table.Th>
                <Table.Th ta="right">{t('inventory.col_nivo')}</Table.Th>
                <Table.Th>{t('inventory.col_lotovi')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.produkti.map((product) => (
                <Table.Tr key={product._id}>
                  <Table.Td><Text size="sm" ff="monospace" fw={600}>{product.LN}</Text></Table.Td>
                  <Table.Td>{product.opis}</Table.Td>
                  <Table.Td ta="right">
                    {product.nisko ? (
                      <Badge color="red" variant="light" c={READABLE_BADGE_TEXT} aria-label={t('inventory.lowStockLabel', { ukupno: product.ukupno, nivo: product.nivo })}>
                        {product.ukupno} · {t('inventory.lowStock')}
                      </Badge>
                    ) : <Text size="sm" fw={600}>{product.ukupno}</Text>}
                  </Table.Td>
                  <Table.Td ta="right">{product.nivo}</Table.Td>
                  <Table.Td>
                    {product.lotovi.length === 0 ? <Text size="sm" c="dimmed">{t('inventory.noLots')}</Text> : (
                      <Stack gap={4}>
                        {product.lotovi.map((lot) => (
                          <Group key={lot._id} gap="xs" wrap="nowrap">
                            <Text size="sm" ff="monospace">{lot.lot}</Text>
                            <Text size="sm" c="dimmed">{dayText(lot.rok_trajanja)}</Text>
                            <Text size="sm" fw={600}>{lot.kolicina}</Text>
                            <ExpiryBadge lot={lot} />
                          </Group>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Paper>
    </Stack>
  );
}
