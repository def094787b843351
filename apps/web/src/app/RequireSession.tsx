/**
 * The guard: with no stored token the user goes to
 * /auth/login; a stored token is first confirmed with the server (auto-login).
 * Certificate-challenge paths belong to the server, so the browser fetches
 * them from it instead of rendering a screen.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { restoreSession, useSession } from '../features/auth/session.ts';

export const LOGIN_PATH = '/auth/login';
export const ACME_CHALLENGE_MARKER = '/.well-known/acme-challenge/';

export function RequireSession() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const challenge = location.pathname.includes(ACME_CHALLENGE_MARKER);

  useEffect(() => {
    if (challenge) window.location.replace(location.pathname);
    else if (session.status === 'restoring') void restoreSession();
  }, [challenge, session.status, location.pathname]);

  if (challenge) return null;
  if (session.status === 'anonymous') return <Navigate to={LOGIN_PATH} replace />;
  if (session.status === 'restoring') {
    return (
      <Center mih="100vh">
        <Stack align="center" gap="sm">
          <Loader aria-hidden />
          <Text c="dimmed" role="status">{t('auth.restoring')}</Text>
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}
