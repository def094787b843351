/**
 * /obrada/predracun/{patient}?uzorci=id,id: the pro-forma invoice of the
 * chosen samples as the PDF prints it (letterhead, number and date, patient,
 * each sample's tests with their prices, a calculated test's components
 * included at 0, subtotals and the total in KM), with the PDF to download or
 * to open for printing.
 */
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Divider, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fromIsoDate, toLocalDateText, type Invoice } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { serverMessage, useLanguage } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date-time.ts';
import { downloadBlob, openInNewTab } from '../../lib/download.ts';
import { fetchInvoice, fetchInvoicePdf } from './api.ts';
import classes from '../../components/sample-code.module.css';
import { formatMoney } from '../../lib/format.ts';
import { patientName } from '../../lib/patient-name.ts';

function chosenSamples(text: string | null): string[] {
  return (text ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
}

export function InvoiceScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: patientId = '' } = useParams();
  const [search] = useSearchParams();
  const sampleIds = chosenSamples(search.get('uzorci'));
  const invoice = useQuery({
    queryKey: ['predracun', patientId, sampleIds.join(',')],
    queryFn: ({ signal }) => fetchInvoice(patientId, sampleIds, signal),
    enabled: sampleIds.length > 0,
  });
  const [busy, setBusy] = useState<'download' | 'print' | null>(null);

  const withPdf = async (action: 'download' | 'print', broj: string) => {
    setBusy(action);
    try {
      if (action === 'download') downloadBlob(await fetchInvoicePdf(patientId, sampleIds), `predracun-${broj.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`);
      else await openInNewTab(() => fetchInvoicePdf(patientId, sampleIds));
    } catch (error) {
      notify.apiError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">{t('invoice.title')}</Title>
        <Group gap="xs">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => void navigate(-1)}>{t('invoice.back')}</Button>
          {invoice.data ? (
            <>
              <Button
                variant="light" leftSection={<IconPrinter size={16} aria-hidden />} loading={busy === 'print'}
                onClick={() => void withPdf('print', invoice.data.predracun.broj)}
              >
                {t('invoice.print')}
              </Button>
              <Button
                leftSection={<IconDownload size={16} aria-hidden />} loading={busy === 'download'}
                onClick={() => void withPdf('download', invoice.data.predracun.broj)}
              >
                {t('invoice.download')}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      {sampleIds.length === 0 ? <Alert styles={READABLE_ALERT_STYLES} color="yellow">{t('invoice.noSamples')}</Alert> : null}
      {invoice.isLoading ? <Skeleton h={320} aria-label={t('invoice.loading')} /> : null}
      {invoice.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red" title={t('invoice.failed')}>
          {invoice.error instanceof ApiError ? serverMessage(invoice.error) : null}
        </Alert>
      ) : null}
      {invoice.data ? <InvoiceSheet invoice={invoice.data.predracun} /> : null}
    </Stack>
  );
}

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { zaglavlje, pacijent } = invoice;
  const issued = fromIsoDate(invoice.datum);
  return (
    <Paper withBorder p="xl" radius="md" component="article" aria-label={`${t('invoice.title')} ${invoice.broj}`}>
      <Stack gap="md">
        <div>
          <Text fw={700} size="lg">{zaglavlje.labName || zaglavlje.site.naziv}</Text>
          <Text size="sm" c="dimmed">{zaglavlje.labAddress || zaglavlje.site.adresa}</Text>
          {zaglavlje.reportHeader ? <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{zaglavlje.reportHeader}</Text> : null}
        </div>
        <Divider />
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3">{t('invoice.title').toUpperCase()}</Title>
          <Stack gap={0} align="flex-end">
            <Text size="sm">{t('invoice.number')}: <Text span fw={600} className={classes.code}>{invoice.broj}</Text></Text>
            <Text size="sm">{t('invoice.date')}: {issued ? toLocalDateText(issued) : invoice.datum}</Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs" component="dl" m={0}>
          {[
            [t('invoice.patient'), patientName(pacijent)],
            [t('invoice.jmbg'), pacijent.jmbg],
            [t('invoice.birthYear'), pacijent.godiste === null ? '–' : String(pacijent.godiste)],
            [t('invoice.address'), pacijent.adresa || '–'],
          ].map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
              <Text component="dd" m={0} fw={500}>{value}</Text>
            </div>
          ))}
        </SimpleGrid>
        {invoice.uzorci.map((uzorak) => (
          <Stack key={uzorak._id} gap={4}>
            <Group gap="xs">
              <Title order={3} size="h5">{t('invoice.sample', { code: uzorak.code })}</Title>
              <Text size="sm" c="dimmed">{t('invoice.sampleDate', { date: formatDate(uzorak.datum) })}</Text>
            </Group>
            <Table striped withTableBorder verticalSpacing={4} aria-label={t('invoice.sample', { code: uzorak.code })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="20%">{t('invoice.col_sifra')}</Table.Th>
                  <Table.Th>{t('invoice.col_test')}</Table.Th>
                  <Table.Th w="18%" ta="right">{t('invoice.col_cijena')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {uzorak.testovi.map((test) => (
                  <Table.Tr key={test.sifra}>
                    <Table.Td className={classes.code}>{test.sifra}</Table.Td>
                    <Table.Td>
                      {test.naziv}
                      {test.ukljuceno_u ? <Text span size="sm" c="dimmed"> ({t('invoice.included', { test: test.ukljuceno_u })})</Text> : null}
                    </Table.Td>
                    <Table.Td ta="right" c={test.ukljuceno_u ? 'dimmed' : undefined}>{formatMoney(test.cijena, language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>{t('invoice.subtotal', { code: uzorak.code })}</Table.Th>
                  <Table.Th ta="right">{formatMoney(uzorak.ukupno, language)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Stack>
        ))}
        <Divider color="dark" />
        <Group justify="space-between">
          <Text fw={700} size="lg" tt="uppercase">{t('invoice.total')}</Text>
          <Text fw={700} size="lg" data-testid="invoice-total">{formatMoney(invoice.ukupno, language)}</Text>
        </Group>
        <Text size="xs" c="dimmed">{t('invoice.notFiscal')}</Text>
        {zaglavlje.reportFooter ? <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{zaglavlje.reportFooter}</Text> : null}
      </Stack>
    </Paper>
  );
}
