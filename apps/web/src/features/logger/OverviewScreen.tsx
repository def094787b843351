/**
 * /loger/pregled: a tile per refrigerator of the site with the latest
 * temperature and humidity, the trend over a quarter of an hour, the minutes
 * since the last reading, and its open alarms. Out of range is drawn in the
 * danger colour. Readings arrive over the socket ('temperature' updates or
 * adds the sensor's tile, no reload); alarm events reload the tiles. An alarm
 * is acknowledged from its tile with a note of what was done. The MQTT
 * broker's state is shown above the tiles: a line while it takes readings, a
 * calm warning while it is gone (readings over HTTP still arrive).
 */
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  IconAlertTriangle, IconArrowDownRight, IconArrowRight, IconArrowUpRight, IconDroplet, IconThermometer, IconWifi, IconWifiOff,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type AlarmAnswer, type BrokerStatus, minutesSince } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { formatDateTime, formatTime } from '../../lib/date-time.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { useActiveSession } from '../auth/index.ts';
import { useRealtimeEvent } from '../realtime/index.ts';
import { type OverviewTile, acknowledgeAlarm, applySensorEntry, loggerKeys, overview } from './api.ts';
import { measured } from './format.ts';

/** The minutes since the last reading move on with the clock, not only when a reading arrives. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function OverviewScreen() {
  const { t } = useTranslation();
  const session = useActiveSession();
  const queryClient = useQueryClient();
  const key = loggerKeys.overview(session.siteId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => overview(signal), refetchInterval: BROKER_REFRESH_MS });
  const now = useNow(30_000);
  const [acknowledging, setAcknowledging] = useState<{ tile: OverviewTile; alarm: AlarmAnswer } | null>(null);

  useRealtimeEvent('temperature', (payload) => {
    queryClient.setQueryData(key, (answer: Awaited<ReturnType<typeof overview>> | undefined) =>
      (answer ? { ...answer, senzori: applySensorEntry(answer.senzori, payload, sessionStore.siteId()) } : answer));
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: key });
  useRealtimeEvent('logger:alarm', reload);
  useRealtimeEvent('logger:alarm-cleared', reload);
  useRealtimeEvent('logger:alarm-acknowledged', reload);

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Title order={1} size="h2">{t('logger.overviewTitle')}</Title>
      {query.data ? <BrokerState status={query.data.broker} /> : null}
      {query.isPending ? <Group gap="xs"><Loader size="sm" /><Text>{t('logger.loading')}</Text></Group> : null}
      {query.isError ? <Alert color="red" icon={<IconAlertTriangle />}>{t('logger.failed')}</Alert> : null}
      {query.data && query.data.senzori.length === 0 ? (
        <Alert color="gray" title={t('logger.noRefrigerators')}>{t('logger.noRefrigeratorsHint')}</Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {query.data?.senzori.map((tile) => (
          <RefrigeratorTile
            key={tile._id}
            tile={tile}
            now={now}
            canAcknowledge={session.can('logger.acknowledge')}
            onAcknowledge={(alarm) => setAcknowledging({ tile, alarm })}
          />
        ))}
      </SimpleGrid>
      <AcknowledgeDialog target={acknowledging} onClose={() => setAcknowledging(null)} onDone={reload} />
    </Stack>
  );
}

/** How often the broker's state is asked for again: it changes without an event of its own. */
const BROKER_REFRESH_MS = 30_000;

/** The broker's state: one quiet line while it works, a calm warning (not an error) while it is gone or off. */
function BrokerState({ status }: { status: BrokerStatus }) {
  const { t } = useTranslation();
  if (status.vrsta === 'none') return null;
  const since = status.od ? formatDateTime(status.od) : '';
  if (status.stanje === 'listening' || status.stanje === 'connected') {
    return (
      <Group gap={6} data-testid="broker-state" data-state={status.stanje}>
        <IconWifi size={16} aria-hidden />
        <Text size="sm" c="dimmed">{t(`logger.broker_${status.stanje}`)}</Text>
      </Group>
    );
  }
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff />} data-testid="broker-state" data-state={status.stanje}
      aria-label={t('logger.brokerTitle')}>
      <Text size="sm" fw={600}>{t('logger.brokerTitle')}</Text>
      <Text size="sm">{t(`logger.broker_${status.stanje}`, { since })}</Text>
      {status.greska ? <Text size="xs" c="dimmed" mt={4}>{t('logger.brokerError', { kind: status.greska })}</Text> : null}
    </Alert>
  );
}

const TREND_ICONS = { rising: IconArrowUpRight, falling: IconArrowDownRight, steady: IconArrowRight } as const;

function RefrigeratorTile({ tile, now, canAcknowledge, onAcknowledge }: {
  tile: OverviewTile; now: Date; canAcknowledge: boolean; onAcknowledge: (alarm: AlarmAnswer) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const minutes = minutesSince(tile.time ? new Date(tile.time) : null, now);
  const danger = tile.active && (tile.van_opsega || tile.alarmi.length > 0);
  const state = tile.time === null ? t('logger.noReading') : tile.van_opsega ? t('logger.outOfRange') : t('logger.inRange');
  const Trend = TREND_ICONS[tile.trend];
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={t('logger.tileLabel', { naziv: tile.naziv, state })}
      data-testid={`tile-${tile.slave_id}`}
      data-out-of-range={tile.van_opsega ? 'true' : 'false'}
      bg={danger ? 'red.0' : undefined}
      style={{ borderColor: danger ? 'var(--mantine-color-red-7)' : undefined, borderWidth: danger ? 2 : undefined, opacity: tile.active ? 1 : 0.7 }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} size="h4">{tile.naziv}</Title>
          <Text size="xs" c="dimmed">{t('logger.sensor', { slave: tile.slave_id })}</Text>
        </div>
        {!tile.active ? <Badge color="gray" variant="light">{t('logger.inactive')}</Badge> : null}
      </Group>
      <Group gap="xs" mt="sm" align="center" wrap="nowrap">
        <IconThermometer size={28} stroke={1.6} aria-hidden color={danger ? 'var(--mantine-color-red-8)' : undefined} />
        <Text fz={36} fw={700} c={tile.van_opsega ? 'red.9' : undefined} data-testid="tile-temperature" lh={1.1}>
          {tile.temperatura === null ? '—' : `${measured(tile.temperatura, language)} °C`}
        </Text>
        {tile.temperatura !== null ? (
          <Group gap={2} wrap="nowrap" aria-label={t(`logger.trend_${tile.trend}`)} role="img">
            <Trend size={22} stroke={1.8} aria-hidden />
          </Group>
        ) : null}
      </Group>
      <Group gap="md" mt={4}>
        {tile.vlaznost !== null ? (
          <Group gap={4} wrap="nowrap"><IconDroplet size={16} aria-hidden /><Text size="sm">{t('logger.humidity', { value: measured(tile.vlaznost, language, 0) })}</Text></Group>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('logger.allowed', { min: measured(tile.granice.temperatura.min, language), max: measured(tile.granice.temperatura.max, language) })}
        </Text>
      </Group>
      {/* A reading 5 minutes old or more is set apart by weight in the body's colour: orange text on the tile's tints
          falls below 4.5:1. */}
      <Text size="sm" mt={4} c={minutes !== null && minutes >= 5 ? undefined : 'dimmed'} fw={minutes !== null && minutes >= 5 ? 700 : undefined} title={tile.time ? formatDateTime(tile.time) : undefined}>
        {minutes === null ? t('logger.noReading') : minutes === 0 ? t('logger.lastReadingNow') : t('logger.lastReading', { minutes })}
      </Text>
      {tile.alarmi.map((alarm) => (
        <Alert key={alarm._id} mt="sm" color="red" variant="light" icon={<IconAlertTriangle />} p="xs" data-testid="tile-alarm">
          <Text size="sm" fw={600} c="red.9">
            {alarm.vrsta === 'opseg'
              ? t('logger.alarm_opseg', { since: formatTime(alarm.pocetak), value: measured(alarm.vrijednost, language) })
              : t('logger.alarm_tisina', { since: formatTime(alarm.pocetak) })}
          </Text>
          {alarm.potvrden ? (
            <Text size="xs" mt={2}>{t('logger.alarmAcknowledged', { who: alarm.potvrdio ?? '', note: alarm.napomena ?? '' })}</Text>
          ) : canAcknowledge ? (
            <Button size="xs" mt={6} color="red.9" variant="filled" onClick={() => onAcknowledge(alarm)}>{t('logger.acknowledge')}</Button>
          ) : null}
        </Alert>
      ))}
    </Card>
  );
}

function AcknowledgeDialog({ target, onClose, onDone }: {
  target: { tile: OverviewTile; alarm: AlarmAnswer } | null; onClose: () => void; onDone: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const mutation = useMutation({
    mutationFn: ({ id, napomena }: { id: string; napomena: string }) => acknowledgeAlarm(id, napomena),
    onSuccess: () => {
      notify.success(t('logger.acknowledged'));
      setNote('');
      onDone();
      onClose();
    },
    onError: (error) => notify.apiError(error),
  });
  const submit = () => {
    if (target && note.trim()) mutation.mutate({ id: target.alarm._id, napomena: note.trim() });
  };
  return (
    <AppDialog opened={target !== null} onClose={onClose} title={target ? t('logger.acknowledgeTitle', { naziv: target.tile.naziv }) : ''} force>
      <Stack>
        <Textarea
          label={t('logger.note')}
          placeholder={t('logger.notePlaceholder')}
          required
          autosize
          minRows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('logger.cancel')}</Button>
          <Button color="red.9" onClick={submit} disabled={!note.trim()} loading={mutation.isPending}>{t('logger.confirm')}</Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
