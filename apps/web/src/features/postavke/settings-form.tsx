/**
 * What every settings form shares: its problems by field, the failure shown
 * above the buttons, the busy flag, the save step, and the footer.
 *
 *   const form = useSettingsForm();
 *   form.save(problemsFoundByTheSchema, async () => { await saveSite(element); ... }, 'element');
 *   <FormFooter form={form} onCancel={onClose} />
 *
 * Problems the domain's schema finds before the call land on their fields; a
 * refusal of the server that names a field under `serverPrefix` (`element.email`)
 * lands on that field, anything else above the buttons.
 */
import { useCallback, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { serverMessage, useLanguage } from '../../i18n/index.ts';
import { type FieldProblems, serverProblem } from './form-problems.ts';

export interface SaveOptions {
  /** The body field a server refusal names fields under (`element`); without it every refusal is shown above the buttons. */
  serverPrefix?: string;
  /** Refusals about the whole record rather than one field (the last administrator), shown above the buttons. */
  general?: readonly string[];
}

export function useSettingsForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fieldLabel = useCallback((field: string) => t(`postavke.field.${field.split('.').at(-1) ?? field}`, { defaultValue: field }), [t]);
  const clearProblem = useCallback((field: string) => setProblems((current) => {
    const { [field]: _dropped, ...rest } = current;
    return rest;
  }), []);
  const reset = useCallback(() => {
    setProblems({});
    setFailure(null);
  }, []);

  const save = async (found: FieldProblems, work: () => Promise<void>, options: SaveOptions = {}): Promise<void> => {
    if (busy) return;
    if (Object.keys(found).length > 0) {
      setProblems(found);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const onField = apiError && options.serverPrefix && !options.general?.includes(apiError.code)
        ? serverProblem(apiError, options.serverPrefix, language, fieldLabel) : null;
      if (onField) setProblems(onField);
      else setFailure(apiError ? serverMessage(apiError) : t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  };

  return { problems, failure, busy, language, fieldLabel, clearProblem, reset, save, setFailure };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;

/** The end of a settings form: the failure, a note when fields are marked, ODUSTANI and SAČUVAJ (submit). */
export function FormFooter({ form, onCancel }: { form: Pick<SettingsForm, 'problems' | 'failure' | 'busy'>; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {form.failure ? <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{form.failure}</Alert> : null}
      {Object.keys(form.problems).length > 0 ? <Text size="sm" c="red.8" role="alert">{t('postavke.formProblems')}</Text> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={form.busy}>{t('common.cancel')}</Button>
        <Button type="submit" loading={form.busy}>{t('common.save')}</Button>
      </Group>
    </>
  );
}
