import { expect, test } from './fixtures.ts';
import { DEMO, gotoRedirected, openAs, openUserMenuItem, storedToken, userMenu } from './helpers.ts';

test('after idleTime seconds without activity the user is logged out automatically', async ({ page, request }) => {
  await page.clock.install();
  const data = await openAs(page, DEMO.pregled.email);
  const token = await storedToken(page);
  const logout = page.waitForRequest((req) => req.url().endsWith('/api/logout/users'));

  await page.clock.fastForward(data.idleTime * 1000 - 60_000);
  await expect(userMenu(page)).toBeVisible();
  await page.clock.fastForward(61_000);

  expect((await logout).postDataJSON()).toMatchObject({ type: 'automatic' });
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('lis.token'))).toBeNull();
  const after = await request.post('/api/users/pregled', { headers: { Authorization: `Bearer ${token}` }, data: { email: DEMO.pregled.email } });
  expect(after.status()).toBe(401);
});

test('activity keeps the session open', async ({ page }) => {
  await page.clock.install();
  const data = await openAs(page, DEMO.pregled.email);
  await page.clock.fastForward(data.idleTime * 1000 - 60_000);
  await page.mouse.move(200, 300);
  await page.keyboard.press('Shift');
  await page.clock.fastForward(120_000);
  await expect(userMenu(page)).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\/login$/);
});

test('a token ended on the server sends the user to the login page (401)', async ({ page, request }) => {
  await openAs(page, DEMO.tehnicar.email);
  const token = await storedToken(page);
  const ended = await request.post('/api/logout/users', { headers: { Authorization: `Bearer ${token}` }, data: { type: 'manual' } });
  expect(ended.ok()).toBe(true);

  await gotoRedirected(page, '/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('lis.token'))).toBeNull();
});

test('a 401 during work, without a reload, also ends at the login page', async ({ page, request }) => {
  // Without its socket (a proxy that drops WebSockets and long-polling): otherwise the server's notice on the socket
  // would send the page to the sign-in before any call of its own meets the 401 this test is about.
  await page.routeWebSocket(/\/socket\.io\//, (socket) => { void socket.close(); });
  await page.route('**/socket.io/**', (route) => route.abort());
  await openAs(page, DEMO.tehnicar.email);
  const token = await storedToken(page);
  await request.post('/api/logout/users', { headers: { Authorization: `Bearer ${token}` }, data: { type: 'manual' } });

  await openUserMenuItem(page, 'Promjena šifre');
  const dialog = page.getByRole('dialog', { name: 'Promjena šifre' });
  await dialog.getByRole('textbox', { name: 'Trenutna šifra' }).fill('Demo1234!');
  await dialog.getByRole('textbox', { name: 'Nova šifra', exact: true }).fill('Bilo1234!');
  await dialog.getByRole('textbox', { name: 'Potvrda nove šifre' }).fill('Bilo1234!');
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("a sign-out of the same session elsewhere closes this page's socket: it goes to the sign-in at once, making no call", async ({ page, request }) => {
  // The socket is connected (socket.io's connect acknowledgement, frame '40…') before the session ends elsewhere.
  const connected = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'))
    .then((socket) => socket.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')));
  await openAs(page, DEMO.tehnicar.email);
  await connected;
  const token = await storedToken(page);
  const ended = await request.post('/api/logout/users', { headers: { Authorization: `Bearer ${token}` }, data: { type: 'manual' } });
  expect(ended.ok()).toBe(true);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Vaša sesija je završena. Prijavite se ponovo.')).toBeVisible();
});

