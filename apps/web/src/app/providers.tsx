/** Everything the app renders inside: theme, toasts, server-state cache. Tests wrap screens in it too. */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as sharedQueryClient } from '../api/query-client.ts';
import { TOAST_DURATION_MS, TOAST_POSITION, toastClasses } from '../components/notify.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns Mantine's transitions and portals off (component tests). */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient = sharedQueryClient, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} classNames={{ root: toastClasses.toasts }} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
