/** Root component: providers around the router built from the route registry. */
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { DatabaseOutageBanner } from '../components/DatabaseOutageBanner.tsx';
import { AppProviders } from './providers.tsx';
import { buildRoutes } from './router.tsx';
import { SCREENS } from './routes.tsx';
import { sessionStore } from '../lib/session-store.ts';
import { restoreSession } from '../features/auth/session.ts';
import { preloadSignedIn } from './shell-loader.ts';

const router = createBrowserRouter(buildRoutes(SCREENS));

// A stored session: the auto-login call goes first (the guard waits for it; queued behind the chunks on HTTP/1.1's
// six connections it came last), then the shell and the screen this page opens on load beside it (shell-loader.ts).
const atBoot = sessionStore.get();
if (atBoot.status === 'restoring') {
  void restoreSession();
  preloadSignedIn(atBoot.data, window.location.pathname, SCREENS);
}

export function App() {
  return (
    <AppProviders>
      <DatabaseOutageBanner />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
