/**
 * The signed-in shell (Mantine AppShell): top bar, sidebar, the current screen
 * inside an error boundary. It also runs what a session needs while it is
 * open: the idle logout, the socket connection, and the site switch.
 */
import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SESSION_MENU_EVENT, siteSwitchPath } from '@lis/domain';
import { queryClient } from '../../api/query-client.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { ChangePasswordDialog } from '../../features/auth/ChangePasswordDialog.tsx';
import { useIdleLogout } from '../../features/auth/idle-timer.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { logout, refreshSessionMenu, switchSite, useActiveSession } from '../../features/auth/session.ts';
import { useInventoryAlerts } from '../../features/realtime/inventory-alerts.ts';
import { useOpenLoggerAlarms, useRealtime, useRealtimeEvent } from '../../features/realtime/realtime.ts';
import { buildNavigation } from '../navigation.ts';
import type { ScreenRoute } from '../routes.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import classes from './shell.module.css';

/** The sidebar closes below 992 px. */
export const SIDEBAR_BREAKPOINT_PX = 992;
const NARROW_QUERY = `(max-width: ${SIDEBAR_BREAKPOINT_PX - 0.02}px)`;

/**
 * The menu and report flags follow the lab's general options while the page is open: read again when the
 * server announces a change, and on every socket connect (a reload, or a change missed while disconnected).
 * A failed read keeps the menu the session has; the next event or reconnect tries again.
 */
function useLiveSessionMenu(): void {
  const refresh = () => { refreshSessionMenu().catch(() => undefined); };
  useRealtimeEvent(SESSION_MENU_EVENT, refresh);
  useRealtimeEvent('connect', refresh);
}

export function AppLayout({ screens }: { screens: readonly ScreenRoute[] }) {
  const { t } = useTranslation();
  const session = useActiveSession();
  const location = useLocation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const [passwordOpened, password] = useDisclosure(false);
  // A password an administrator set must be changed before anything else: no menu, no screen, no socket until then.
  const mustChangePassword = session.data.mustChangePassword;
  const navigation = useMemo(
    () => (mustChangePassword ? [] : buildNavigation(session.data.sidebar, screens)),
    [session.data.sidebar, screens, mustChangePassword],
  );
  const hasNavigation = navigation.length > 0;

  useIdleLogout(session.data.idleTime, () => void logout('automatic'));
  useRealtime(mustChangePassword ? null : session.data.idToken, session.siteId);
  useLiveSessionMenu();
  useOpenLoggerAlarms(!mustChangePassword && session.can('logger.read'), session.siteId);
  useInventoryAlerts(!mustChangePassword && session.can('inventory.read'), session.siteId);
  useSiteFromUrl();

  const changeSite = (siteId: string) => {
    switchSite(siteId);
    // Everything cached belongs to the old site; screens still shown fetch again for the new one.
    void queryClient.resetQueries();
    void navigate(siteSwitchPath(location.pathname, siteId));
  };

  const opened = narrow ? mobileOpened : desktopOpened;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={hasNavigation ? {
        width: 264,
        breakpoint: SIDEBAR_BREAKPOINT_PX,
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      } : undefined}
      padding="lg"
    >
      <a href="#main-content" className={classes.skipLink}>{t('shell.skipToContent')}</a>
      {session.data.access ? (
        <AppShell.Header>
          <TopBar
            session={session}
            navigation={hasNavigation ? { opened, toggle: narrow ? mobile.toggle : desktop.toggle } : undefined}
            onSiteChange={changeSite}
            onChangePassword={password.open}
            onLogout={() => void logout('manual')}
          />
        </AppShell.Header>
      ) : null}
      {hasNavigation ? (
        <AppShell.Navbar p="sm" aria-label={t('shell.navigation')}>
          <AppShell.Section grow component={ScrollArea}>
            <Sidebar entries={navigation} onNavigate={mobile.close} />
          </AppShell.Section>
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id="main-content" className={classes.main} tabIndex={-1}>
        {mustChangePassword ? null : (
          <ErrorBoundary key={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        )}
      </AppShell.Main>
      {mustChangePassword
        ? <ChangePasswordDialog opened onClose={() => undefined} initial={{ onLogout: () => void logout('manual') }} />
        : <ChangePasswordDialog opened={passwordOpened} onClose={password.close} />}
    </AppShell>
  );
}

/** A link carrying ?site= (as the site switch writes it) selects that site, when it is one of the user's. */
function useSiteFromUrl(): void {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('site');
  useEffect(() => {
    const state = sessionStore.get();
    if (!requested || state.status === 'anonymous' || state.siteId === requested) return;
    if (!state.data.sites.some((site) => site.id === requested)) return;
    switchSite(requested);
    void queryClient.resetQueries();
  }, [requested]);
}
