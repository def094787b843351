/** Root component: providers around the router built from the route registry. */
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { DatabaseOutageBanner } from '../components/DatabaseOutageBanner.tsx';
import { AppProviders } from './providers.tsx';
import { buildRoutes } from './router.tsx';
import { SCREENS } from './routes.tsx';

const router = createBrowserRouter(buildRoutes(SCREENS));

export function App() {
  return (
    <AppProviders>
      <DatabaseOutageBanner />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
