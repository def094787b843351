/**
 * The JSON editor dialog every record edited as JSON uses (setting records,
 * lab assays, analysers, refrigerators): the record as formatted JSON in a
 * CodeMirror editor, checked on every change against the zod schema it is
 * given. Each problem is marked at its line (gutter and underline) and listed
 * under the editor in words naming the field; SAČUVAJ is disabled while any
 * remains. A refusal of the server (`{ success: false, message, field }`,
 * thrown by `onSave` as an ApiError) is marked at the field it names. Ctrl+S
 * saves, Escape closes.
 *
 *   <JsonEditorDialog opened={opened} onClose={close} title="Lokacija"
 *     value={record} schema={locationSchema} bodyField="lokacija"
 *     onSave={async (lokacija) => { await api.post('/postavke/lokacije/edit', { lokacija }); }} />
 *
 * `onSave` resolving closes the dialog; throwing keeps it open with the
 * server's problem shown (a refusal without a field is shown above the editor).
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AppDialog } from '../AppDialog.tsx';
import { JsonEditor } from './JsonEditor.tsx';
import { JsonProblemList, useJsonDraft } from './use-json-draft.tsx';

export interface JsonEditorDialogProps<T> {
  opened: boolean;
  onClose: () => void;
  title: React.ReactNode;
  /** The record to edit; it is shown as JSON indented by two spaces. */
  value: unknown;
  schema: z.ZodType<T>;
  /** Saves the checked record; resolve to close, throw (ApiError) to keep the dialog open with the problem shown. */
  onSave?: (value: T) => Promise<void>;
  /** The body field of the save call ('lokacija'): a server's field 'lokacija.naziv' is the record's 'naziv'. */
  bodyField?: string;
  /** Shown, but not editable and without SAČUVAJ (a user who may only read). */
  readOnly?: boolean;
  /** Shown above the editor (e.g. a warning about the record). */
  children?: React.ReactNode;
  size?: string;
}

export function JsonEditorDialog<T>(props: JsonEditorDialogProps<T>) {
  const { opened, onClose, title, size = 'xl' } = props;
  return (
    <AppDialog opened={opened} onClose={onClose} title={title} size={size} force>
      {opened && <JsonEditorBody {...props} />}
    </AppDialog>
  );
}

/**
 * The keydown handler of a dialog's body: Ctrl+S (Cmd+S) from anywhere in the dialog (a button in focus)
 * saves; the editor handles its own (and prevents the default, so it is not saved twice).
 */
export function onSaveShortcut(save: () => void): (event: React.KeyboardEvent) => void {
  return (event) => {
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
    event.preventDefault();
    save();
  };
}

function JsonEditorBody<T>({ onClose, value, schema, onSave, bodyField, readOnly = false, children }: JsonEditorDialogProps<T>) {
  const { t } = useTranslation(undefined, { keyPrefix: 'jsonEditor' });
  const { t: tRoot } = useTranslation();
  const draft = useJsonDraft(value, schema, bodyField);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (readOnly || !onSave || !draft.check.ok || saving) return;
    setSaving(true);
    try {
      await onSave(draft.check.value);
      onClose();
    } catch (error) {
      draft.showRefusal(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" onKeyDown={onSaveShortcut(() => void save())}>
      {children}
      {draft.refusalMessage && <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">{draft.refusalMessage}</Alert>}
      <JsonEditor
        initialText={draft.initialText}
        onChange={draft.setText}
        problems={draft.editorProblems}
        onSave={() => void save()}
        readOnly={readOnly}
        label={t('editorLabel')}
      />
      <JsonProblemList draft={draft} />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">{readOnly ? '' : t('keys')}</Text>
        <Group>
          <Button variant="default" onClick={onClose} disabled={saving}>{tRoot('common.close')}</Button>
          {!readOnly && onSave && (
            <Button onClick={() => void save()} disabled={!draft.check.ok} loading={saving}>{tRoot('common.save')}</Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
