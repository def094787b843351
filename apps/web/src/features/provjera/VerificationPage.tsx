/**
 * /provjera/:token: the page a report's QR code opens, without sign-in and outside the shell. It shows
 * what GET /api/provjera/{token} answers (lab, site, sample code, issue date, version, whether it is
 * current or was superseded, the SHA-256 of the signed PDF) in the report's language, with a switch, and
 * checks a dropped PDF against that hash in the browser. No name, JMBG or result ever reaches it.
 */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  Alert, Box, Button, Center, Code, Group, Loader, Paper, Stack, Table, Text, Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileSearch, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../components/PublicPage.tsx';
import { applyLanguage } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date-time.ts';
import { VerificationNotFound, reportVerification } from './api.ts';
import { fileSha256 } from './sha256.ts';

/** The drop zone: the file's SHA-256 computed here and compared with the issued one. */
function PdfCheck({ expected }: { expected: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'checking' | 'match' | 'differs'>('idle');
  const [over, setOver] = useState(false);

  const check = async (file: File | undefined) => {
    if (!file) return;
    setState('checking');
    setState((await fileSha256(file)) === expected ? 'match' : 'differs');
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h5">{t('provjera.checkTitle')}</Title>
      <Paper
        withBorder
        radius="md"
        p="md"
        data-testid="pdf-drop-zone"
        style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: over ? 'var(--mantine-color-blue-6)' : undefined }}
        onDragOver={(event) => { event.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => { event.preventDefault(); setOver(false); void check(event.dataTransfer.files[0]); }}
      >
        <Group wrap="nowrap" align="flex-start">
          <IconFileSearch size={28} stroke={1.5} aria-hidden />
          <Stack gap="xs">
            <Text size="sm">{t('provjera.checkHint')}</Text>
            <Box>
              <Button variant="light" size="xs" onClick={() => input.current?.click()}>{t('provjera.chooseFile')}</Button>
              <input
                ref={input}
                type="file"
                accept="application/pdf,.pdf"
                hidden
                aria-label={t('provjera.chooseFile')}
                onChange={(event) => void check(event.currentTarget.files?.[0])}
              />
            </Box>
          </Stack>
        </Group>
      </Paper>
      <div role="status" aria-live="polite">
        {state === 'checking' && <Text size="sm">{t('provjera.checking')}</Text>}
        {state === 'match' && <Alert color="green" icon={<IconCircleCheck />}>{t('provjera.matches')}</Alert>}
        {state === 'differs' && <Alert color="red" icon={<IconAlertTriangle />}>{t('provjera.differs')}</Alert>}
      </div>
    </Stack>
  );
}

export function VerificationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: ['provjera', token],
    queryFn: ({ signal }) => reportVerification(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const report = query.data;
  // The page opens in the report's language; the reader may switch afterwards.
  const opened = useRef(false);
  useEffect(() => {
    if (report && !opened.current) {
      opened.current = true;
      applyLanguage(report.jezik);
    }
  }, [report]);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Center py="xl" role="status" aria-label={t('provjera.loading')}><Loader /></Center>;
  } else if (query.error instanceof VerificationNotFound) {
    body = (
      <Alert color="gray" icon={<IconAlertTriangle />} title={<Title order={2} size="h4">{t('provjera.notFound')}</Title>}>
        {t('provjera.notFoundHint')}
      </Alert>
    );
  } else if (!report) {
    body = <Alert color="red" icon={<IconAlertTriangle />}>{t('provjera.failed')}</Alert>;
  } else {
    const superseded = report.superseded_by;
    body = (
      <Stack gap="md">
        {superseded ? (
          <Alert color="orange" icon={<IconAlertTriangle />} title={<Title order={2} size="h4" c="dark.8" data-testid="verification-state">{t('provjera.supersededShort')}</Title>}>
            {t('provjera.superseded', { verzija: superseded.verzija, date: formatDate(superseded.issued_at) })}
          </Alert>
        ) : (
          <Alert color="green" icon={<IconShieldCheck />} title={<Title order={2} size="h4" c="dark.8" data-testid="verification-state">{t('provjera.validShort')}</Title>}>
            {t('provjera.valid')}
          </Alert>
        )}
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr><Table.Th w={150}>{t('provjera.lab')}</Table.Th><Table.Td>{report.lab}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{t('provjera.site')}</Table.Th><Table.Td>{report.site}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{t('provjera.code')}</Table.Th><Table.Td>{report.code}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{t('provjera.issued')}</Table.Th><Table.Td>{formatDate(report.issued_at)}</Table.Td></Table.Tr>
            <Table.Tr>
              <Table.Th>{t('provjera.version')}</Table.Th>
              <Table.Td>{report.verzija}{report.corrected ? ` (${t('provjera.corrected')})` : ''}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('provjera.sha256')}</Table.Th>
              <Table.Td><Code style={{ wordBreak: 'break-all' }} data-testid="verification-sha256">{report.sha256}</Code></Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <PdfCheck expected={report.sha256} />
        <Text size="xs" c="dimmed">{t('provjera.privacy')}</Text>
      </Stack>
    );
  }

  return (
    <PublicPage
      icon={<IconShieldCheck size={24} stroke={1.6} />} title={t('provjera.title')} subtitle={t('provjera.subtitle')}
      languageLabel={t('provjera.language')} width={640}
    >
      {body}
    </PublicPage>
  );
}
