/**
 * The report-signing certificate on the general options screen: which certificate signs the lab's
 * reports (subject, issuer, expiry, fingerprint; a warning when it is the server's self-signed one), the
 * address the reports' QR codes lead to (a warning when it is too long for a code that reads when printed),
 * and a form to install the lab's own PKCS#12 file. The key and password never come back from the server.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, FileInput, Group, PasswordInput, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCertificate } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date-time.ts';
import { installSigningCertificate, settingsKeys, signingCertificate } from './api.ts';

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function SigningCertificateCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: settingsKeys.signing, queryFn: ({ signal }) => signingCertificate(signal), retry: false });
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const install = useMutation({
    mutationFn: async () => installSigningCertificate(file ? await base64Of(file) : '', password),
    onSuccess: (answer) => {
      client.setQueryData(settingsKeys.signing, answer.certificate);
      setFile(null);
      setPassword('');
      setDone(true);
    },
  });
  const certificate = query.data;
  const problem = install.error instanceof ApiError ? serverMessage(install.error) : install.error ? t('errors.unexpected') : null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="options-signing">
      <Group gap="xs" mb="xs">
        <IconCertificate size={20} aria-hidden />
        <Title order={2} size="h4" id="options-signing">{t('potpis.title')}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">{t('potpis.hint')}</Text>
      {!certificate ? <Skeleton h={120} /> : (
        <Stack gap="sm">
          {certificate.self_signed && certificate.source === 'self-signed' && (
            <Alert color="yellow" icon={<IconAlertTriangle />} title={<Text fw={700} size="sm" c="dark.8">{t('potpis.selfSigned')}</Text>} data-testid="self-signed-warning">
              {t('potpis.selfSignedHint')}
            </Alert>
          )}
          {!certificate.verification_qr_readable && (
            <Alert color="orange" icon={<IconAlertTriangle />} title={<Text fw={700} size="sm" c="dark.8">{t('potpis.longAddress')}</Text>} data-testid="long-address-warning">
              {t('potpis.longAddressHint')}
            </Alert>
          )}
          <Badge variant="light" w="fit-content">{t(`potpis.source_${certificate.source}`)}</Badge>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr><Table.Th w={160}>{t('potpis.subject')}</Table.Th><Table.Td style={{ wordBreak: 'break-word' }}>{certificate.subject}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('potpis.issuer')}</Table.Th><Table.Td style={{ wordBreak: 'break-word' }}>{certificate.issuer}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('potpis.validTo')}</Table.Th><Table.Td>{formatDate(certificate.valid_to)}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('potpis.fingerprint')}</Table.Th><Table.Td><Code style={{ wordBreak: 'break-all' }}>{certificate.fingerprint}</Code></Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('potpis.verificationAddress')}</Table.Th><Table.Td><Code style={{ wordBreak: 'break-all' }} data-testid="verification-address">{certificate.verification_address}</Code></Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
          {certificate.source === 'environment' ? <Text size="sm" c="dimmed">{t('potpis.environmentWins')}</Text> : (
            <Group align="flex-end" wrap="wrap">
              <FileInput label={t('potpis.file')} accept=".p12,.pfx,application/x-pkcs12" value={file} onChange={setFile} clearable w={260} maw="100%" />
              <PasswordInput label={t('potpis.password')} value={password} onChange={(event) => setPassword(event.currentTarget.value)} w={220} maw="100%" autoComplete="off" />
              <Button variant="default" disabled={!file} loading={install.isPending} onClick={() => { setDone(false); install.mutate(); }}>
                {t('potpis.install')}
              </Button>
            </Group>
          )}
          <div role="status" aria-live="polite">
            {done && <Alert color="green">{t('potpis.installed')}</Alert>}
            {problem && <Alert color="red">{problem}</Alert>}
          </div>
        </Stack>
      )}
    </Card>
  );
}
