/**
 * /narucioci, the group e-mail: the reports of the samples verified in a
 * range of days go to each orderer (the samples' referring location) as one
 * message with all its report PDFs attached. The table lists the orderers of
 * the range with their addresses, which can be set here; sending queues the
 * messages in the background while a progress bar follows the job, and
 * names the orderers that have reports but no address.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Card, Group, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDeviceFloppy, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { READABLE_BADGE_TEXT } from '../../components/readable.ts';
import { isValidEmail, toIsoDate, type GroupMailJob, type OrdererRow } from '@lis/domain';
import { notify } from '../../components/notify.tsx';
import { messageText } from '../../i18n/index.ts';
import { siteToday } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { fetchOrderers, groupMailJob, outboxKeys, saveOrdererEmail, startGroupMail } from './api.ts';

/** The spec's progress pulse: the job is read again every 500 ms. */
const POLL_MS = 500;

export function OrderersScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const today = toIsoDate(siteToday());
  const [range, setRange] = useState<[string | null, string | null]>([today, today]);
  const [from, to] = range;
  const complete = from !== null && to !== null;
  const orderers = useQuery({
    queryKey: outboxKeys.orderers(from ?? '', to ?? ''),
    queryFn: ({ signal }) => fetchOrderers(from!, to!, signal),
    enabled: complete,
  });
  const [job, setJob] = useState<GroupMailJob | null>(null);
  const [starting, setStarting] = useState(false);
  const canSend = session.can('outbox.send');

  useEffect(() => {
    if (!job || job.state !== 'running') return undefined;
    const timer = setTimeout(() => {
      groupMailJob(job.id).then(setJob, (error: unknown) => {
        notify.apiError(error);
        setJob(null);
      });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const send = async () => {
    if (!complete) return;
    setStarting(true);
    try {
      setJob(await startGroupMail(from, to));
    } catch (error) {
      notify.apiError(error);
    } finally {
      setStarting(false);
    }
  };

  const withReports = (orderers.data ?? []).filter((row) => row.nalaza > 0).length;

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('outbox.groupTitle')}</Title>
        <Text size="sm" c="dimmed" maw={760}>{t('outbox.groupHint')}</Text>
      </Stack>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="md">
            <DatePickerInput
              type="range"
              label={t('outbox.range')}
              value={range}
              onChange={(value) => setRange(value)}
              valueFormat="DD.MM.YYYY"
              firstDayOfWeek={1}
              maxDate={today}
              allowSingleDateInRange
              w={280}
            />
            {canSend ? (
              <Button
                leftSection={<IconMailForward size={18} aria-hidden />}
                onClick={() => void send()}
                loading={starting}
                disabled={!complete || withReports === 0 || job?.state === 'running'}
              >
                {t('outbox.send')}
              </Button>
            ) : null}
          </Group>
          {job ? <JobProgress job={job} /> : null}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">{t('outbox.orderers')}</Title>
          <OrdererTable rows={orderers.data ?? []} loading={orderers.isPending && complete} canEdit={canSend} />
          {canSend ? <NewOrderer /> : null}
        </Stack>
      </Card>
    </Stack>
  );
}

function JobProgress({ job }: { job: GroupMailJob }) {
  const { t } = useTranslation();
  const percent = job.total === 0 ? (job.state === 'running' ? 0 : 100) : Math.round((job.done / job.total) * 100);
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Progress value={percent} animated={job.state === 'running'} aria-label={t('outbox.sending', { done: job.done, total: job.total })} />
      {job.state === 'running' ? <Text size="sm">{t('outbox.sending', { done: job.done, total: job.total })}</Text> : null}
      {job.state === 'done' ? (
        <Alert color="teal" variant="light">
          <Group gap="sm">
            <Text size="sm">{t('outbox.done', { count: job.queued })}</Text>
            <Anchor component={Link} to="/nalazi/outbox" size="sm">{t('outbox.toOutbox')}</Anchor>
          </Group>
        </Alert>
      ) : null}
      {job.state === 'failed' ? <Alert color="red" variant="light">{t('outbox.jobFailed', { error: job.error ?? '' })}</Alert> : null}
      {job.bezAdrese.length > 0 ? (
        <Alert color="orange" variant="light">{t('outbox.withoutAddress', { names: job.bezAdrese.join(', ') })}</Alert>
      ) : null}
    </Stack>
  );
}

function OrdererTable({ rows, loading, canEdit }: { rows: readonly OrdererRow[]; loading: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  if (!loading && rows.length === 0) return <Text size="sm" c="dimmed">{t('outbox.noOrderers')}</Text>;
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('outbox.ordererName')}</Table.Th>
          <Table.Th>{t('outbox.ordererEmail')}</Table.Th>
          <Table.Th ta="center">{t('outbox.ordererReports')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.vrsta}:${row.naziv}`}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500}>{row.naziv}</Text>
                {row.vrsta === 'partner' ? <Badge size="sm" variant="light" c={READABLE_BADGE_TEXT}>{t('outbox.partnerKind')}</Badge> : null}
              </Group>
            </Table.Td>
            {/* A partner's report addresses are kept with the partner (/partneri), a referring location's here. */}
            <Table.Td>
              {row.vrsta === 'partner'
                ? <Text size="sm">{row.email || t('outbox.partnerNoAddress')}</Text>
                : canEdit ? <AddressEditor row={row} /> : <Text size="sm">{row.email}</Text>}
            </Table.Td>
            <Table.Td ta="center"><Text size="sm" ff="monospace">{row.nalaza}</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Saving an orderer's address: the toast, the orderer list read again; answers whether it was saved. */
function useSaveAddress() {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const saveAddress = async (naziv: string, email: string): Promise<boolean> => {
    setSaving(true);
    try {
      await saveOrdererEmail(naziv.trim(), email.trim());
      notify.success(messageText('orderers.saved'));
      await queryClient.invalidateQueries({ queryKey: ['outbox', 'orderers'] });
      return true;
    } catch (error) {
      notify.apiError(error);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, saveAddress };
}

/** One orderer's address, saved with its own button (Enter saves too). */
function AddressEditor({ row }: { row: OrdererRow }) {
  const { t } = useTranslation();
  const { saving, saveAddress } = useSaveAddress();
  const [email, setEmail] = useState(row.email);
  const invalid = email.trim() !== '' && !isValidEmail(email.trim());

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!invalid) await saveAddress(row.naziv, email);
  };

  return (
    <form onSubmit={(event) => void save(event)}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={`${t('outbox.ordererEmail')}: ${row.naziv}`}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={invalid ? messageText('patient.emailInvalid') : undefined}
          type="email"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" loading={saving} disabled={email.trim() === row.email || invalid} aria-label={t('outbox.saveFor', { name: row.naziv })}>
          <IconDeviceFloppy size={16} aria-hidden />
        </Button>
      </Group>
    </form>
  );
}

/** An orderer that has no reports in the range yet: its name as the samples carry it, and its address. */
function NewOrderer() {
  const { t } = useTranslation();
  const { saving, saveAddress } = useSaveAddress();
  const [naziv, setNaziv] = useState('');
  const [email, setEmail] = useState('');
  const invalid = email.trim() !== '' && !isValidEmail(email.trim());

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (naziv.trim() === '' || email.trim() === '' || invalid) {
      notify.warning(messageText('form.required'));
      return;
    }
    if (await saveAddress(naziv, email)) {
      setNaziv('');
      setEmail('');
    }
  };

  return (
    <form onSubmit={(event) => void save(event)}>
      <Stack gap="xs" mt="sm">
        <Text size="sm" fw={600}>{t('outbox.addOrderer')}</Text>
        <Group align="flex-start" gap="sm">
          <TextInput label={t('outbox.ordererName')} value={naziv} onChange={(event) => setNaziv(event.currentTarget.value)} w={300} />
          <TextInput
            label={t('outbox.ordererEmail')} value={email} onChange={(event) => setEmail(event.currentTarget.value)} type="email" w={300}
            error={invalid ? messageText('patient.emailInvalid') : undefined}
          />
          <Button type="submit" mt={25} loading={saving}>{t('outbox.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
