/**
 * The control widget: which control (name and LOT, expired lots marked), the date and time measured, and
 * the mode (Multi: several levels at once; Single: one level). Entry and charts share its lot selector.
 */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toIsoDate } from '@lis/domain';
import { formatDate, siteToday } from '../../lib/date-time.ts';
import { useActiveSession } from '../auth/index.ts';
import { allControls, qcKeys } from './api.ts';

export function ControlSelect({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const today = toIsoDate(siteToday());
  const controls = useQuery({ queryKey: qcKeys.controls(session.siteId), queryFn: ({ signal }) => allControls(signal) });
  const data = (controls.data?.data ?? []).map((row) => ({
    value: row._id,
    label: `${row.control} · LOT ${row.lot} · ${formatDate(`${row.rok_trajanja}T12:00:00Z`)}${row.rok_trajanja < today ? ` (${t('qc.expired')})` : ''}`,
  }));
  return (
    <Select
      label={t('qc.chooseControl')} data={data} value={value} onChange={onChange} searchable allowDeselect={false} miw={400}
      // As wide as the longest lot (a German control name and its expiry do not fit the field's width).
      comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }}
    />
  );
}
