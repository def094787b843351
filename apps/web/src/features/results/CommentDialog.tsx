/**
 * The comment dialog of a sample: its comment in a text area, and the select
 * 'Izaberite željeni komentar' with the lab's predefined comments (GET
 * assays/settings) whose choice is appended to the text; SAČUVAJ stores it
 * (POST uzorci/komentar/{sid}). Read-only (`readOnly`, or a user without the
 * right to write samples) it only shows the comment.
 */
import { useState } from 'react';
import { Alert, Button, Group, Select, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SAMPLE_LIMITS } from '@lis/domain';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';
import { messageText } from '../../i18n/index.ts';
import { predefinedComments, resultKeys, sampleComment, saveSampleComment } from './api.ts';
import { useResultRights } from './result-rights.ts';

export interface CommentDialogProps {
  sid: string;
  opened: boolean;
  onClose: () => void;
  readOnly?: boolean;
}

/** A predefined comment goes on a line of its own after what is written. */
export function appendComment(text: string, addition: string): string {
  const written = text.replace(/\s+$/, '');
  return written ? `${written}\n${addition}` : addition;
}

export function CommentDialog({ sid, opened, onClose, readOnly = false }: CommentDialogProps) {
  const { t } = useTranslation();
  const rights = useResultRights();
  const viewOnly = readOnly || !rights.comment;
  const comment = useQuery({
    queryKey: resultKeys.comment(sid),
    queryFn: ({ signal }) => sampleComment(sid, signal),
    enabled: opened,
    staleTime: 0,
  });

  return (
    <AppDialog opened={opened} onClose={onClose} title={t('results.commentTitle')} size="lg">
      {comment.isPending ? (
        <Stack gap="sm" aria-busy><Skeleton h={36} /><Skeleton h={96} /></Stack>
      ) : comment.isError ? (
        <Alert styles={READABLE_ALERT_STYLES} color="red">{t('results.loadFailed')}</Alert>
      ) : viewOnly ? (
        <Stack gap="md">
          {comment.data ? (
            <Textarea label={t('results.commentText')} value={comment.data} readOnly autosize minRows={3} maxRows={12} />
          ) : <Text c="dimmed">{t('results.commentEmpty')}</Text>}
          <Group justify="flex-end"><Button variant="default" onClick={onClose}>{t('common.close')}</Button></Group>
        </Stack>
      ) : (
        // Mounted once the comment is read, so the text area starts from it.
        <CommentForm key={`${sid}:${comment.dataUpdatedAt}`} sid={sid} initial={comment.data} onClose={onClose} />
      )}
    </AppDialog>
  );
}

function CommentForm({ sid, initial, onClose }: { sid: string; initial: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const predefined = useQuery({ queryKey: resultKeys.settings, queryFn: ({ signal }) => predefinedComments(signal) });

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await saveSampleComment(sid, text.trim());
      notify.success(messageText('sample.commentSaved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resultKeys.sample(sid) }),
        queryClient.invalidateQueries({ queryKey: ['samples'] }),
      ]);
      onClose();
    } catch (error) {
      notify.apiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <Stack gap="md">
        <Select
          label={t('results.commentPick')}
          placeholder={t('results.commentPick')}
          data={predefined.data ?? []}
          value={null}
          onChange={(choice) => {
            if (choice) setText((current) => appendComment(current, choice));
          }}
          searchable
          nothingFoundMessage={t('results.auditEmpty')}
          disabled={predefined.isError}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('results.commentText')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={SAMPLE_LIMITS.komentar}
          autosize
          minRows={4}
          maxRows={12}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>{t('common.cancel')}</Button>
          <Button type="submit" loading={saving}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
