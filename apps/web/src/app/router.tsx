/**
 * The route tree: /auth/login outside the guard; everything else inside the
 * guard and the shell. Feature screens come from the registry in routes.tsx;
 * the index route is the landing page, any other path goes to the default item.
 */
import { Suspense, lazy, useState, type ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenFailed } from '../components/ErrorBoundary.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { useActiveSession } from '../features/auth/session.ts';
import { HOME_PATH, defaultPath, landingPath } from './navigation.ts';
import { LOGIN_PATH, RequireSession } from './RequireSession.tsx';
import type { ScreenRoute } from './routes.tsx';
import { loadedScreen, loadedShell, loadScreen, loadShell } from './shell-loader.ts';

// The sign-in page is the first screen: it loads with the core catalogue and its own styles only. The shell (sidebar,
// top bar, real-time socket), every feature's texts (catalogues.ts) and all of Mantine's styles (shell/styles.ts)
// come in their own chunks once a session exists (shell-loader.ts), so the sign-in page stays within its budget
// (apps/web/build-plugins.ts).
const LazyAppLayout = lazy(async () => ({ default: (await loadShell())[0].AppLayout }));

/** The shell: drawn at once when its code is already here (shell-loader.ts, loadedShell), else once it has loaded. */
function ShellLayout({ screens }: { screens: readonly ScreenRoute[] }) {
  // Decided once per mount: switching from the lazy component to the loaded one later would mount the shell again.
  const [Loaded] = useState(() => loadedShell()?.[0].AppLayout);
  if (Loaded) return <Loaded screens={screens} />;
  return <Suspense fallback={<ScreenLoading />}><LazyAppLayout screens={screens} /></Suspense>;
}

const WelcomeScreen = lazy(async () => ({ default: (await import('./shell/WelcomeScreen.tsx')).WelcomeScreen }));

/** The wall display (/dashboard): no session, opened with its display key; outside the guard and the shell. */
const WallDisplay = lazy(async () => {
  const [screen] = await Promise.all([import('../features/statistics/DashboardScreen.tsx'), import('./catalogues.ts'), import('./shell/styles.ts')]);
  return { default: screen.DashboardScreen };
});
export const WALL_DISPLAY_PATH = '/dashboard';
/**
 * A report's verification page (its QR code's address): no session, outside the guard and the shell, so it brings
 * the feature texts and styles the shell would have brought (as the wall display does).
 */
const VerificationPage = lazy(async () => {
  const [page] = await Promise.all([import('../features/provjera/VerificationPage.tsx'), import('./catalogues.ts'), import('./shell/styles.ts')]);
  return { default: page.VerificationPage };
});
export const VERIFICATION_PATH = '/provjera/:token';
/** The patient portal: its own sign-in and session, outside the guard and the shell (no staff menus), like the verification page. */
const PortalPage = lazy(async () => {
  const [page] = await Promise.all([import('../features/portal/PortalPage.tsx'), import('./catalogues.ts'), import('./shell/styles.ts')]);
  return { default: page.PortalPage };
});
export const PORTAL_PATH = '/portal';

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
  return target === HOME_PATH ? <Suspense fallback={<ScreenLoading />}><WelcomeScreen /></Suspense> : <Navigate to={{ pathname: target, search }} replace />;
}

/** Unknown paths go to the sidebar item flagged default. */
function UnknownPath({ screens }: { screens: readonly ScreenRoute[] }) {
  const session = useActiveSession();
  return <Navigate to={defaultPath(session.data.sidebar, screens)} replace />;
}

function Screen({ route, Component, screens }: { route: ScreenRoute; Component: ComponentType; screens: readonly ScreenRoute[] }) {
  const session = useActiveSession();
  // A screen already loaded (visited before, or preloaded at boot) is drawn at once, as the shell (ShellLayout).
  const [Loaded] = useState(() => loadedScreen(route));
  if ((route.permission && !session.can(route.permission)) || (route.editorsOnly && session.readOnly)) {
    return <Navigate to={defaultPath(session.data.sidebar, screens)} replace />;
  }
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Component />
    </Suspense>
  );
}

export function buildRoutes(screens: readonly ScreenRoute[]): RouteObject[] {
  const screenRoutes: RouteObject[] = screens.map((route) => {
    const Component = lazy(async () => ({ default: await loadScreen(route) }));
    return { path: route.path, element: <Screen route={route} Component={Component} screens={screens} /> };
  });
  return [
    { path: LOGIN_PATH, element: <LoginPage />, errorElement: <ScreenFailed /> },
    { path: WALL_DISPLAY_PATH, element: <Suspense fallback={<ScreenLoading />}><WallDisplay /></Suspense>, errorElement: <ScreenFailed /> },
    { path: VERIFICATION_PATH, element: <Suspense fallback={<ScreenLoading />}><VerificationPage /></Suspense>, errorElement: <ScreenFailed /> },
    { path: PORTAL_PATH, element: <Suspense fallback={<ScreenLoading />}><PortalPage /></Suspense>, errorElement: <ScreenFailed /> },
    {
      element: <RequireSession />,
      errorElement: <ScreenFailed />,
      children: [{
        element: <ShellLayout screens={screens} />,
        children: [
          { index: true, element: <LandingRoute screens={screens} /> },
          ...screenRoutes,
          { path: '*', element: <UnknownPath screens={screens} /> },
        ],
      }],
    },
  ];
}
