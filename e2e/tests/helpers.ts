/**
 * Shared steps of the browser tests. The server behind them is started by
 * playwright.config.ts on a fresh database with the demo seed (four users,
 * password Demo1234!, sites SA Sarajevo and TZ Tuzla).
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { timeoutScale } from '../timeout-scale.ts';
import { addDays, calendarDateOf, DEFAULT_TIME_ZONE, toIsoDate, toLocalDateText, type CalendarDate } from '@lis/domain';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO = {
  admin: { email: 'admin@demo.lab', name: 'Amra Administrator', sites: ['Sarajevo', 'Tuzla'] },
  specijalista: { email: 'specijalista@demo.lab', name: 'Selma Specijalista', sites: ['Sarajevo', 'Tuzla'] },
  tehnicar: { email: 'tehnicar@demo.lab', name: 'Tarik Tehničar', sites: ['Sarajevo'] },
  pregled: { email: 'pregled@demo.lab', name: 'Petra Pregled', sites: ['Sarajevo'] },
} as const;

export interface SidebarItem {
  path: string;
  title: string;
  visible: boolean;
  default: boolean;
}

export interface LoginData {
  localId: string;
  email: string;
  idToken: string;
  site: string;
  idleTime: number;
  default_route: string;
  access: { level: number; role: string; permissions: string[] };
  sites: { id: string; sifra: string; naziv: string }[];
  sidebar: SidebarItem[];
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Šifra', exact: true }).fill(password);
}

/** Signs in through the login page and waits for the shell; returns the login answer's data. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<LoginData> {
  await page.goto('/auth/login');
  await fillLogin(page, email, password);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/login/users'));
  await page.getByRole('button', { name: 'Prijava' }).click();
  const body = (await (await answer).json()) as { success: boolean; data: LoginData };
  expect(body.success).toBe(true);
  await settled(page);
  return body.data;
}

// Sessions reused across tests of one worker: sign-in is rate-limited (30 a minute per address),
// and most tests are not about the login page.
const openSessions = new Map<string, LoginData>();

export async function tokenWorks(request: APIRequestContext, data: LoginData): Promise<boolean> {
  const localPart = data.email.split('@')[0]!;
  const response = await request.post(`/api/users/${localPart}`, {
    headers: { Authorization: `Bearer ${data.idToken}` }, data: { email: data.email },
  });
  return response.ok();
}

/** The shell's words a test waits on, in each interface language (the user's own language comes from their profile). */
export const SHELL_TEXT = {
  bs: { userMenu: 'Korisnički meni', loading: 'Učitavanje…' },
  en: { userMenu: 'User menu', loading: 'Loading…' },
  de: { userMenu: 'Benutzermenü', loading: 'Wird geladen…' },
} as const;
export type ShellLanguage = keyof typeof SHELL_TEXT;

/**
 * Opens `path` signed in as `email` without going through the login page: a
 * session of an earlier test is reused while its token still works, else one
 * is made over the API; it is stored the way the login page stores it, and the
 * app's auto-login takes it from there. Use signIn() for tests of the login itself.
 * `language`: the interface language the user reads the app in (their profile's), whose shell words it waits for.
 */
export async function openAs(page: Page, email: string, path = '/', language: ShellLanguage = 'bs'): Promise<LoginData> {
  let data = openSessions.get(email);
  if (data && !(await tokenWorks(page.request, data))) data = undefined;
  if (!data) {
    const fresh = await apiSignIn(page.request, email);
    expect(fresh, `sign-in of ${email}`).not.toBeNull();
    data = fresh!;
    openSessions.set(email, data);
  }
  // The session goes into the origin's storage from a page of the origin that runs no app (the health
  // answer): the app at /auth/login would see the session it already holds and redirect while we write, and
  // it is one boot of the app less per call.
  await page.goto('/api/health');
  await page.evaluate(({ token, session }) => {
    localStorage.setItem('lis.token', token);
    localStorage.setItem('lis.session', session);
  }, { token: data.idToken, session: JSON.stringify({ data, siteId: data.site }) });
  await gotoRedirected(page, path);
  await settled(page, language);
  return data;
}

/** The auto-login's profile call (POST /api/users/{local part}), not the password change (users/sifra). */
const PROFILE_CALL = /\/api\/users\/(?!sifra)[^/?]+$/;

/**
 * Shows the app in another interface language, for pictures: the language the app shows comes from the user's
 * profile when the auto-login confirms the stored session, so that answer is given with this language (and the
 * stored session too, for the first paint); the demo user's stored profile stays as it is. Reloads the page.
 */
export async function showInLanguage(page: Page, language: ShellLanguage): Promise<void> {
  await page.unroute(PROFILE_CALL);
  await page.route(PROFILE_CALL, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user?: { postavke?: { language?: string } } };
    if (body.user?.postavke) body.user.postavke.language = language;
    await route.fulfill({ response, json: body });
  });
  await page.evaluate((value) => {
    const stored = JSON.parse(localStorage.getItem('lis.session') ?? '{}') as { data?: { language?: string } };
    if (stored.data) stored.data.language = value;
    localStorage.setItem('lis.session', JSON.stringify(stored));
  }, language);
  await page.reload();
  // The app boots again from the stored session; on a busy machine that takes a while.
  await expect(page.getByRole('button', { name: SHELL_TEXT[language].userMenu })).toBeVisible({ timeout: 30_000 * timeoutScale });
}

/**
 * page.goto for an address the app may redirect at once (/ to the landing screen, a screen the user may not
 * open, anything without a session): the app's redirect replaces the URL before the page's `load`, which
 * Playwright reports as the goto interrupted. This waits only until the document is committed; the caller then
 * awaits where the app goes (expect(page).toHaveURL, a heading), which follows the redirect instead of racing it.
 */
export async function gotoRedirected(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
}

/** The shell is up and the landing screen has loaded (a screen that focuses a field on mount is done with it). */
async function settled(page: Page, language: ShellLanguage = 'bs'): Promise<void> {
  // A liveness bound, not a speed check: the shell's code loads after sign-in, and on a 2-core machine running
  // two test servers and two browsers (the first tests of a run, while the servers still seed) that took over 7 s.
  await expect(page.getByRole('button', { name: SHELL_TEXT[language].userMenu })).toBeVisible({ timeout: 20_000 * timeoutScale });
  await page.waitForLoadState('networkidle');
  // A screen's code loads on its first visit; the shell shows a loading status meanwhile.
  await expect(page.getByRole('status', { name: SHELL_TEXT[language].loading })).toHaveCount(0);
}

export function userMenu(page: Page) {
  return page.getByRole('button', { name: 'Korisnički meni' });
}

export function siteSelect(page: Page) {
  return page.getByRole('combobox', { name: 'Sajt' });
}

/**
 * Runs `step` with the site selector open. A screen that focuses its first
 * field when it mounts closes an open dropdown, so the step is retried with
 * the selector opened again until it passes.
 */
async function withSiteSelectOpen(page: Page, step: (options: Locator) => Promise<void>): Promise<void> {
  const options = page.getByRole('option');
  await expect(async () => {
    if ((await options.count()) === 0) await siteSelect(page).click();
    await step(options);
  }).toPass();
}

/** The choices of the site selector, as shown (names, or codes below 600 px). */
export async function expectSiteOptions(page: Page, expected: (string | RegExp)[]): Promise<void> {
  await withSiteSelectOpen(page, (options) => expect(options).toHaveText(expected, { timeout: 1_000 * timeoutScale }));
  await page.keyboard.press('Escape');
}

export async function chooseSite(page: Page, name: string): Promise<void> {
  await withSiteSelectOpen(page, (options) => options.filter({ hasText: name }).click({ timeout: 1_000 * timeoutScale }));
}

/** The signed-in user's name, shown in the top bar at desktop widths (whatever screen is open). */
export async function expectSignedInAs(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('banner').getByText(name, { exact: true })).toBeVisible();
}

/** Where the app lands after sign-in: the default menu item once its screen exists, the welcome page before. */
export function landingPaths(data: LoginData): string[] {
  const item = data.sidebar.find((candidate) => candidate.default);
  return item ? ['/', item.path] : ['/'];
}

export async function openUserMenuItem(page: Page, name: 'Promjena šifre' | 'Odjava'): Promise<void> {
  await userMenu(page).click();
  await clickInDropdown(userMenu(page), page.getByRole('menuitem', { name }));
}

export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('lis.token'));
  expect(token, 'a token is stored after sign-in').toBeTruthy();
  return token!;
}

/** Signs in over the API only (no page), for setup and clean-up steps. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<LoginData | null> {
  const response = await request.post('/api/login/users', { data: { email, password, returnSecureToken: true } });
  if (!response.ok()) return null;
  return ((await response.json()) as { data: LoginData }).data;
}

export async function apiChangePassword(
  request: APIRequestContext, token: string, email: string, password: string, novaSifra: string,
): Promise<void> {
  const response = await request.post('/api/users/sifra', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, password, novaSifra, potvrdaSifra: novaSifra },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Waits for the page's finite CSS transitions and animations to end (the sidebar closing below 992 px, a chart
 * or a dialog that still moves), so a screenshot or an axe check sees the screen as it stays. A transition a
 * click starts begins a few frames later, hence the frames first; endless animations (a loader) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * axe-core on the current page: no serious or critical WCAG 2.1 A/AA violations. `within` (a CSS selector, such
 * as a dialog's) checks only that part, for a part opened over a page already checked: a whole-page pass costs
 * several seconds on a busy 2-core machine.
 */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (within ? builder.include(within) : builder).analyze();
  // analyze() finishes its run in a blank page of the same context and closes it: the tested page is made the
  // front page again, so what the test types next reaches it as it would reach a person's window.
  await page.bringToFront();
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => node.html.slice(0, 300)) }));
  expect(serious).toEqual([]);
}

/**
 * "Today" for the browser tests: the demo sites' calendar day (Europe/Sarajevo), the day the app and the
 * server count in, never the UTC date or the day of the machine's zone (from 23:00 or 22:00 UTC the UTC date
 * is a day behind). Read at the call, on the run's clock (TEST_CLOCK moves it, see playwright.config.ts).
 */
export function siteDay(days = 0): CalendarDate {
  return addDays(calendarDateOf(new Date(), DEFAULT_TIME_ZONE), days);
}

/** siteDay as `YYYY-MM-DD`, as the API's day parameters take it. */
export function siteIsoDay(days = 0): string {
  return toIsoDate(siteDay(days));
}

/** A day `days` from today at the demo sites as the forms show it: dd.mm.yyyy. */
export function dayFromToday(days: number): string {
  return toLocalDateText(siteDay(days));
}

/** Picks an option of the select (combobox) with this label. */
export async function chooseOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  const field = page.getByRole('combobox', { name: label, exact: true });
  await field.click();
  await clickInDropdown(field, page.getByRole('option', { name: option }));
}

/**
 * Clicks an option or a menu item in the open dropdown of `anchor` (its combobox or menu button).
 * For a moment after it opens, Mantine draws a dropdown at the page's top-left before placing it at
 * its anchor; on a loaded machine Playwright can take that moment for the item's place and scroll the
 * page up to it. The anchor then leaves the view, Mantine hides the dropdown of an anchor out of view
 * until the anchor is back, and a plain click waits for a hidden item until the test times out. So
 * each try brings the anchor into view first. A dropdown can also close under the test's hand when
 * its screen renders again (a select whose choices have just loaded); a later try opens it again.
 */
export async function clickInDropdown(anchor: Locator, item: Locator): Promise<void> {
  let tries = 0;
  await expect(async () => {
    await anchor.scrollIntoViewIfNeeded();
    if (tries++ > 0 && !(await item.isVisible())) await anchor.click();
    await item.click({ timeout: 2_000 * timeoutScale });
  }).toPass();
}
