/**
 * Renders the whole app (providers, guard, shell, routes) in memory for
 * component tests, signed in with the given login answer and with the given
 * screens registered in place of the real registry.
 */
import { render } from '@testing-library/react';
// 'react-router' rather than 'react-router/dom' here: under vitest the two entries load separate copies of the router context.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../api/query-client.ts';
import { AppProviders } from '../app/providers.tsx';
import { buildRoutes } from '../app/router.tsx';
import type { ScreenRoute } from '../app/routes.tsx';
import { type SessionData, sessionStore } from '../lib/session-store.ts';

interface RenderAppOptions {
  path?: string;
  screens?: ScreenRoute[];
  /** Signed in with this login answer; without it the app starts signed out. */
  session?: SessionData;
  /** Leave the store as it is (a session read back from localStorage). */
  keepSession?: boolean;
}

export function renderApp({ path = '/', screens = [], session, keepSession = false }: RenderAppOptions) {
  if (session) sessionStore.start(session);
  else if (!keepSession) sessionStore.clear();
  const router = createMemoryRouter(buildRoutes(screens), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** A registered screen that shows its name, for routing tests. */
export function fakeScreen(path: string, text: string, extra: Partial<ScreenRoute> = {}): ScreenRoute {
  return { path, screen: () => Promise.resolve(() => <p>{text}</p>), ...extra };
}
