/**
 * The label of a sample: the PDF (sized to the label stock, Code128 of the
 * sample code) shown in the dialog, where the browser's viewer prints it;
 * 'Open in a new tab' for a full-size view, and the ZPL file for a Zebra
 * printer. Used by the sample-entry screen and /naljepnice.
 *
 *   <LabelDialog sample={labelFor} onClose={() => setLabelFor(null)} />
 */
import { useState } from 'react';
import { Alert, Box, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFileUrl } from '../../api/use-file-url.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { notify } from '../../components/notify.tsx';
import { OpenInTabButton } from '../../components/OpenInTabButton.tsx';
import { serverMessage } from '../../i18n/index.ts';
import { downloadBlob, fetchLabel, labelFile } from './label-files.ts';
import { READABLE_ALERT_STYLES } from '../../components/readable.ts';

export interface LabelTarget {
  _id: string;
  code: string;
}

const PREVIEW_HEIGHT = 300;

export function LabelDialog({ sample, onClose }: { sample: LabelTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [zplBusy, setZplBusy] = useState(false);
  const preview = useFileUrl(sample ? labelFile(sample._id, 'pdf') : null);

  const downloadZpl = async () => {
    if (!sample) return;
    setZplBusy(true);
    try {
      downloadBlob(await fetchLabel(sample._id, 'zpl'), `naljepnica-${sample.code}.zpl`);
    } catch (error) {
      notify.apiError(error);
    } finally {
      setZplBusy(false);
    }
  };

  const code = sample?.code ?? '';
  return (
    <AppDialog opened={sample !== null} onClose={onClose} title={t('labels.labelTitle', { code })} size="lg">
      <Stack gap="md">
        <Box h={PREVIEW_HEIGHT} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
          {preview.state === 'loading' || preview.state === 'idle' ? <Skeleton h={PREVIEW_HEIGHT} aria-label={t('labels.labelLoading')} /> : null}
          {preview.state === 'ready' ? (
            <iframe
              src={`${preview.url}#navpanes=0&view=Fit`}
              title={t('labels.labelPreview', { code })}
              style={{ width: '100%', height: PREVIEW_HEIGHT, border: 0, display: 'block' }}
            />
          ) : null}
          {preview.state === 'failed' ? (
            <Alert styles={READABLE_ALERT_STYLES} color="red" m="md" title={t('labels.labelFailed')}>
              {preview.error ? serverMessage(preview.error) : t('labels.labelFailed')}
            </Alert>
          ) : null}
        </Box>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <OpenInTabButton file={preview} label={t('labels.openPdf')} />
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={zplBusy} onClick={() => void downloadZpl()}>
              {t('labels.downloadZpl')}
            </Button>
          </Group>
          <Button variant="default" onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
