/**
 * The route tree: /auth/login outside the guard; everything else inside the
 * guard and the shell. Feature screens come from the registry in routes.tsx;
 * the index route is the landing page, any other path goes to the default item.
 */
import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenFailed } from '../components/ErrorBoundary.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { useActiveSession } from '../features/auth/session.ts';
import { HOME_PATH, defaultPath, landingPath } from './navigation.ts';
import { LOGIN_PATH, RequireSession } from './RequireSession.tsx';
import type { ScreenRoute } from './routes.tsx';
import { AppLayout } from './shell/AppLayout.tsx';
import { WelcomeScreen } from './shell/WelcomeScreen.tsx';

/** The wall display (/dashboard): no session, opened with its display key; outside the guard and the shell. */
const WallDisplay = lazy(async () => ({ default: (await import('../features/statistics/DashboardScreen.tsx')).DashboardScreen }));
export const WALL_DISPLAY_PATH = '/dashboard';

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}

/** After login and on '/': the user's default screen when it exists, else the welcome card. */
function LandingRoute({ screens }: { screens: readonly ScreenRoute[] }) {
  const session = useActiveSession();
  const { search } = useLocation();
  const target = landingPath(session.data.default_route, session.data.sidebar, screens);
  return target === HOME_PATH ? <WelcomeScreen /> : <Navigate to={{ pathname: target, search }} replace />;
}

/** Unknown paths go to the sidebar item flagged default. */
function UnknownPath({ screens }: { screens: readonly ScreenRoute[] }) {
  const session = useActiveSession();
  return <Navigate to={defaultPath(session.data.sidebar, screens)} replace />;
}

function Screen({ route, Component, screens }: { route: ScreenRoute; Component: ComponentType; screens: readonly ScreenRoute[] }) {
  const session = useActiveSession();
  if ((route.permission && !session.can(route.permission)) || (route.editorsOnly && session.readOnly)) {
    return <Navigate to={defaultPath(session.data.sidebar, screens)} replace />;
  }
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Component />
    </Suspense>
  );
}

export function buildRoutes(screens: readonly ScreenRoute[]): RouteObject[] {
  const screenRoutes: RouteObject[] = screens.map((route) => {
    const Component = lazy(async () => ({ default: await route.screen() }));
    return { path: route.path, element: <Screen route={route} Component={Component} screens={screens} /> };
  });
  return [
    { path: LOGIN_PATH, element: <LoginPage />, errorElement: <ScreenFailed /> },
    { path: WALL_DISPLAY_PATH, element: <Suspense fallback={<ScreenLoading />}><WallDisplay /></Suspense>, errorElement: <ScreenFailed /> },
    {
      element: <RequireSession />,
      errorElement: <ScreenFailed />,
      children: [{
        element: <AppLayout screens={screens} />,
        children: [
          { index: true, element: <LandingRoute screens={screens} /> },
          ...screenRoutes,
          { path: '*', element: <UnknownPath screens={screens} /> },
        ],
      }],
    },
  ];
}
