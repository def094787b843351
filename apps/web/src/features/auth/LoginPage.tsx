/**
 * /auth/login: e-mail and password; the server's refusal in the user's language
 * ('Korisnik nije pronađen.', 'Pogrešna šifra.', 'Korisnički račun je istekao.': the spec's
 * English wire text of an expired account is translated, see serverMessage).
 * A signed-in user who opens it goes to the landing route instead.
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconMicroscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { serverMessage, messageText } from '../../i18n/index.ts';
import { HOME_PATH } from '../../app/navigation.ts';
import { loadShell } from '../../app/shell-loader.ts';
import { login, useSession } from './session.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (session.status !== 'anonymous' && !busy) return <Navigate to={HOME_PATH} replace />;

  // The signed-in app's chunks load while the user types and the server checks the password (shell-loader.ts).
  const startShell = () => {
    loadShell().catch(() => undefined);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '' || password === '') {
      setProblem(messageText('form.required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    // Started at the first keystroke already (startShell); a no-op then, the start for a form filled by the browser.
    startShell();
    try {
      await login(email, password);
      void navigate(HOME_PATH, { replace: true });
    } catch (error) {
      setProblem(error instanceof ApiError ? serverMessage(error) : t('errors.unexpected'));
      setBusy(false);
    }
  };

  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w={420} maw="100%">
          <Stack gap="lg">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <IconMicroscope size={26} stroke={1.6} />
              </ThemeIcon>
              <div>
                <Title order={1} size="h3">{t('app.name')}</Title>
                <Text size="sm" c="dimmed">{t('app.fullName')}</Text>
              </div>
            </Group>
            <div>
              <Title order={2} size="h4">{t('auth.title')}</Title>
              <Text size="sm" c="dimmed">{t('auth.subtitle')}</Text>
            </div>
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Stack>
                <TextInput
                  label={t('auth.email')}
                  type="email"
                  name="email"
                  autoComplete="username"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.currentTarget.value);
                    startShell();
                  }}
                  withAsterisk
                  data-autofocus
                  autoFocus
                />
                <PasswordInput
                  label={t('auth.password')}
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.currentTarget.value);
                    startShell();
                  }}
                  visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
                  withAsterisk
                />
                {problem ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">{problem}</Alert>
                ) : null}
                <Button type="submit" fullWidth loading={busy} mt="xs">{t('auth.submit')}</Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
