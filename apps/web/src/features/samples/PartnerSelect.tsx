/**
 * The sample's ordering partner (naručilac), chosen from the active orderers.
 * On a saved sample (`confirm`) a new choice reprices the tests, so it is
 * asked for first: POTVRDI applies it; ODUSTANI keeps the partner the sample
 * had and reports the cancelled change as an error (the spec's partner-change
 * confirmation: cancelling it emits an error event).
 */
import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { messageText } from '../../i18n/index.ts';
import { orderingPartners, sampleKeys } from './api.ts';

interface PartnerSelectProps {
  value: string | null;
  onChange: (partner: string | null) => void;
  readOnly: boolean;
  confirm: boolean;
}

export function PartnerSelect({ value, onChange, readOnly, confirm }: PartnerSelectProps) {
  const { t } = useTranslation();
  const partners = useQuery({ queryKey: sampleKeys.partners, queryFn: ({ signal }) => orderingPartners(signal), staleTime: 60_000 });
  const [pending, setPending] = useState<{ partner: string | null } | null>(null);
  const options = (partners.data ?? []).map((partner) => ({ value: partner._id, label: partner.naziv }));
  const nameOf = (id: string | null) => (id === null ? t('samples.partnerNone') : options.find((option) => option.value === id)?.label ?? '');
  // A sample of a partner no longer active still shows its name.
  const data = value !== null && !options.some((option) => option.value === value) ? [...options, { value, label: t('samples.partnerInactive') }] : options;

  const choose = (partner: string | null) => {
    if (partner === value) return;
    if (confirm) setPending({ partner });
    else onChange(partner);
  };
  const cancel = () => {
    setPending(null);
    notify.error(messageText('partners.changeCancelled'));
  };

  return (
    <>
      <Select
        label={t('samples.partner')}
        placeholder={t('samples.partnerChoose')}
        data={data}
        value={value}
        onChange={choose}
        searchable
        clearable
        disabled={readOnly}
        comboboxProps={{ withinPortal: true }}
        data-enter-next="partner"
      />
      <AppDialog opened={pending !== null} onClose={cancel} title={t('samples.partnerChangeTitle')} force size="sm">
        <Stack gap="md">
          <Text size="sm">{t('samples.partnerChangeText', { from: nameOf(value), to: nameOf(pending?.partner ?? null) })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel}>{t('common.cancel')}</Button>
            <Button onClick={() => { if (pending) onChange(pending.partner); setPending(null); }}>{t('common.confirm')}</Button>
          </Group>
        </Stack>
      </AppDialog>
    </>
  );
}
