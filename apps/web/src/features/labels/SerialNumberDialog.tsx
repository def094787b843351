/**
 * The serial-number dialog: a tube whose barcode will not scan is found by
 * the running number printed on its label (#pacijentRBr). Its data are the
 * site's samples of today; POTVRDI (the dialog's OK) stays disabled while the
 * input is empty, not a number, or above the data length, and while no sample
 * of the data has the number (the domain's `chooseBySerialNumber`). Enter in
 * the field confirms. /barcode receives the sample chosen, /naljepnice opens it.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SampleListAnswer, chooseBySerialNumber } from '@lis/domain';
import { call } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { SAMPLE_LIST, type SampleRow } from '../samples/index.ts';
import classes from '../../components/sample-code.module.css';
import { patientName } from '../../lib/patient-name.ts';

/** Today's samples of the current site in running-number order (the code ends in the number). */
function todaysSamples(signal: AbortSignal): Promise<SampleListAnswer> {
  return call(SAMPLE_LIST, { query: { datum: 'DANAS', per_page: 0, sort: 'code|asc' } }, { signal });
}

export function SerialNumberDialog({ opened, onClose, onPick }: { opened: boolean; onClose: () => void; onPick: (sample: SampleRow) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const today = useQuery({
    queryKey: ['samples', 'serial-numbers'],
    queryFn: ({ signal }) => todaysSamples(signal),
    enabled: opened,
    // Each opening reads the day afresh: samples registered a minute ago have numbers too.
    staleTime: 0,
  });
  const rows = today.data?.data ?? [];
  const choice = chooseBySerialNumber(input, rows, (row) => row.pacijentRBr);
  const problemText = {
    empty: null,
    notNumber: t('labels.serialNotNumber'),
    aboveLength: choice.highest === 0 ? t('labels.serialNoneToday') : t('labels.serialAbove', { highest: choice.highest }),
    notInData: t('labels.serialNotInData', { number: input.trim() }),
  };
  const error = today.isSuccess && choice.problem ? problemText[choice.problem] : null;

  const close = () => {
    setInput('');
    onClose();
  };
  const confirm = () => {
    if (!choice.row) return;
    const row = choice.row;
    close();
    onPick(row);
  };

  return (
    <AppDialog opened={opened} onClose={close} title={t('labels.serialTitle')} size="sm">
      <form onSubmit={(event) => { event.preventDefault(); confirm(); }}>
        <Stack gap="md">
          <TextInput
            label={t('labels.serialLabel')}
            description={today.isSuccess ? t('labels.serialDescription', { count: rows.length }) : t('common.loading')}
            value={input}
            onChange={(event) => setInput(event.currentTarget.value)}
            error={error}
            inputMode="numeric"
            autoComplete="off"
            data-autofocus
            size="lg"
            classNames={{ input: classes.code }}
          />
          {today.isError ? <Alert styles={READABLE_ALERT_STYLES} color="red">{t('labels.serialLoadFailed')}</Alert> : null}
          {/* The sample the number names, before it is confirmed; the space is kept while there is none, so nothing moves. */}
          <Paper withBorder radius="md" p="sm" mih={64} aria-live="polite" aria-label={t('labels.serialFound')}>
            {choice.row ? (
              <Group gap="sm" wrap="wrap">
                <Text fw={700} className={classes.code}>{choice.row.code}</Text>
                <Text>{patientName(choice.row)}</Text>
                <StatusBadge status={choice.row.status} />
              </Group>
            ) : null}
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" disabled={choice.row === null}>{t('common.confirm')}</Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
