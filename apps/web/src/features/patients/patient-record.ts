/**
 * Loading and saving one patient record for the patient dialogs: the detail
 * query (always fresh, so a dialog never shows an edit it missed) and the
 * update that refreshes every view of the patient and then closes.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PatientUpdateRequest } from '@lis/domain';
import { invalidateList } from '../../components/list-table/index.ts';
import { notify } from '../../components/notify.tsx';
import { PATIENT_LIST, patientDetail, updatePatient } from './api.ts';

const detailKey = (id: string) => ['patients', 'detail', id] as const;

export function usePatientDetail(id: string | null) {
  return useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: ({ signal }) => patientDetail(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Saves a patient update, refreshes what shows the patient and closes; a failed update changes nothing and shows no message. */
export function usePatientUpdate(onClose: () => void) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = async (id: string, body: PatientUpdateRequest) => {
    setSaving(true);
    try {
      await updatePatient(id, body);
      notify.success(t('patients.updated'));
      await Promise.all([
        invalidateList(queryClient, PATIENT_LIST),
        queryClient.invalidateQueries({ queryKey: detailKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['samples'] }),
      ]);
      onClose();
    } catch {
      // The spec's patient update fails silently: the dialog stays open with what was typed, nothing changes.
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
