/**
 * The staff chat of a site: two people signed in on Sarajevo in two browsers
 * exchange a message and a file live, someone working on Tuzla sees none of
 * it, Enter sends while Shift+Enter starts a new line, text is text, a file
 * removed before sending can be restored for 2 s, and a viewer reads but
 * cannot send.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, animationsSettled, chooseSite, expectAccessible, openAs, storedToken } from './helpers.ts';

/** The smallest valid PNG (1×1 pixel). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'bs-BA', timezoneId: 'Europe/Sarajevo', viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

function opener(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Poruke/ });
}

function chatWindow(page: Page) {
  return page.getByRole('dialog', { name: /^Poruke: / });
}

function conversation(page: Page) {
  return chatWindow(page).getByRole('log', { name: 'Razgovor osoblja sajta' });
}

/** The site the page works on, as the app stores it. */
async function currentSite(page: Page): Promise<string> {
  const site = await page.evaluate(() => (JSON.parse(localStorage.getItem('lis.session') ?? '{}') as { siteId?: string }).siteId);
  expect(site).toBeTruthy();
  return site!;
}

async function openChat(page: Page): Promise<void> {
  await opener(page).click();
  await expect(chatWindow(page)).toBeVisible();
  await animationsSettled(page);
}

test('two staff of one site exchange a message and a file live; another site sees nothing', async ({ browser, baseURL }) => {
  // Three browsers signed in side by side.
  test.setTimeout(90_000 * timeoutScale);
  const stamp = Date.now().toString(36);
  const first = `Pozdrav iz Sarajeva ${stamp}`;
  const second = `drugi red ${stamp}`;
  const html = `<b>podebljano ${stamp}</b><img src=x onerror="document.title='xss'">`;

  const tech = await newPage(browser, baseURL);
  const specialist = await newPage(browser, baseURL);
  const tuzla = await newPage(browser, baseURL);
  // Any screen will do: the chat is in the top bar of every one.
  await openAs(tech, DEMO.tehnicar.email, '/prijem');
  await openAs(specialist, DEMO.specijalista.email, '/prijem');
  await chooseSite(specialist, 'Sarajevo');
  await openAs(tuzla, DEMO.admin.email, '/prijem');
  await chooseSite(tuzla, 'Tuzla');
  // The specialist keeps the window closed: what arrives counts as unread.
  const unreadBefore = await opener(specialist).getAttribute('aria-label');

  await openChat(tech);
  await openChat(tuzla);
  const input = chatWindow(tech).getByRole('textbox', { name: 'Poruka' });
  const sends: string[] = [];
  tech.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/chat/poruke')) sends.push(request.url());
  });

  // An empty text is not sent: Enter in the empty box sends nothing and types nothing.
  await input.press('Enter');
  await expect(input).toHaveValue('');
  // Shift+Enter starts a new line; Enter sends the two lines as one message.
  await input.fill(first);
  await input.press('Shift+Enter');
  await input.pressSequentially(second);
  await expect(input).toHaveValue(`${first}\n${second}`);
  expect(sends).toHaveLength(0);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  expect(sends).toHaveLength(1);
  const own = conversation(tech).getByTestId('chat-message').filter({ hasText: first });
  await expect(own).toContainText(second);
  await expect(own).toContainText('Vi');

  // Text is text: markup typed into the chat is shown as the characters typed.
  await input.fill(html);
  await input.press('Enter');
  await expect(conversation(tech).getByText(html, { exact: true })).toBeVisible();

  // The specialist's opener counts the new messages; opening shows both, the lines as sent.
  await expect(opener(specialist)).not.toHaveAttribute('aria-label', unreadBefore ?? '');
  await expect(opener(specialist)).toHaveAccessibleName(/^Poruke \(\d+ nepročitan/);
  await openChat(specialist);
  const received = conversation(specialist).getByTestId('chat-message').filter({ hasText: first });
  await expect(received).toContainText('Tarik Tehničar');
  expect(await received.locator('p', { hasText: first }).innerText()).toBe(`${first}\n${second}`);
  await expect(conversation(specialist).getByText(html, { exact: true })).toBeVisible();
  await expect(conversation(specialist).locator('b, img[src="x"]')).toHaveCount(0);
  expect(await specialist.title()).not.toBe('xss');
  await expect(opener(specialist)).toHaveAccessibleName('Poruke');

  // A file with no text sends only the file; the other browser gets it live and downloads it under its name.
  const specialistBox = chatWindow(specialist);
  await specialistBox.locator('input[type="file"]').setInputFiles({ name: 'epruveta.png', mimeType: 'image/png', buffer: PNG });
  await expect(specialistBox.getByRole('listitem').filter({ hasText: 'epruveta.png' })).toContainText('70 Bytes');
  const sent = specialist.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/chat/poruke'));
  await specialistBox.getByRole('textbox', { name: 'Poruka' }).press('Enter');
  const fileMessage = (await (await sent).json()) as { poruka: { _id: string; tekst: string; prilozi: { _id: string }[] } };
  expect(fileMessage.poruka.tekst).toBe('');
  const fileId = fileMessage.poruka.prilozi[0]!._id;

  const download = conversation(tech).getByRole('button', { name: 'Preuzmi epruveta.png (70 Bytes)' });
  await expect(download).toBeVisible();
  await expect(conversation(tech).getByRole('img', { name: 'Slika epruveta.png' })).toBeVisible();
  await tech.screenshot({ path: test.info().outputPath('chat-exchange.png') });
  const downloaded = tech.waitForEvent('download');
  await download.click();
  expect((await downloaded).suggestedFilename()).toBe('epruveta.png');

  // Tuzla: nothing of Sarajevo's conversation, live or loaded, and its file answers 404 there.
  await expect(conversation(tuzla).getByText(first)).toHaveCount(0);
  await expect(conversation(tuzla).getByText('epruveta.png')).toHaveCount(0);
  await tuzla.reload();
  await openChat(tuzla);
  await expect(conversation(tuzla)).not.toContainText(stamp);
  await expect(conversation(tuzla)).not.toContainText('epruveta.png');
  const crossSite = await tuzla.request.get(`/api/chat/prilozi/${fileId}`, { headers: { Authorization: `Bearer ${await storedToken(tuzla)}`, 'x-site': await currentSite(tuzla) } });
  expect(crossSite.status()).toBe(404);

  await Promise.all([tech, specialist, tuzla].map((page) => page.context().close()));
});

test('a removed file can be restored for 2 s, a disallowed one is refused, and a message arriving above the fold moves nothing', async ({ page, request }) => {
  await openAs(page, DEMO.specijalista.email);
  await chooseSite(page, 'Sarajevo');
  await openChat(page);
  const box = chatWindow(page);
  const files = box.locator('input[type="file"]');

  await files.setInputFiles({ name: 'skripta.HTML', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') });
  const refused = page.getByRole('dialog', { name: 'Datoteka nije dodana' });
  await expect(refused).toContainText('Format nije podržan.');
  await refused.getByRole('button', { name: 'U redu' }).click();
  await expect(box.getByRole('listitem')).toHaveCount(0);

  await files.setInputFiles({ name: 'Slika.PNG', mimeType: 'image/png', buffer: PNG });
  const chip = box.getByRole('listitem').filter({ hasText: 'Slika.PNG' });
  await chip.getByRole('button', { name: 'Ukloni Slika.PNG' }).click();
  await expect(chip).toContainText('Slika.PNG uklonjena');
  await chip.getByRole('button', { name: 'Vrati' }).click();
  await expect(chip).toContainText('Slika.PNG · 70 Bytes');
  await chip.getByRole('button', { name: 'Ukloni Slika.PNG' }).click();
  await expect(chip).toContainText('uklonjena');
  await expect(box.getByRole('listitem')).toHaveCount(0, { timeout: 4_000 * timeoutScale });

  // Enough messages for a scrolled history; the reader scrolls up, and a new one arrives below.
  const tech = await request.post('/api/login/users', { data: { email: DEMO.tehnicar.email, password: 'Demo1234!', returnSecureToken: true } });
  const techToken = ((await tech.json()) as { data: { idToken: string } }).data.idToken;
  const site = await currentSite(page);
  const post = (tekst: string) => request.post('/api/chat/poruke', { headers: { Authorization: `Bearer ${techToken}`, 'x-site': site }, data: { tekst } });
  for (let index = 0; index < 12; index += 1) expect((await post(`Popunjavanje ${index}`)).ok()).toBe(true);
  const list = conversation(page);
  await expect(list.getByText('Popunjavanje 11')).toBeVisible();
  await list.evaluate((element) => { element.scrollTop = 0; });
  await expect(list.getByRole('button', { name: 'Starije poruke' }).or(list.getByText('Početak razgovora'))).toBeVisible();
  await list.evaluate((element) => { element.scrollTop = 40; });
  const before = await list.evaluate((element) => element.scrollTop);
  expect((await post('Stigla dok čitate starije')).ok()).toBe(true);
  await expect(box.getByRole('button', { name: '1 nova poruka' })).toBeVisible();
  expect(await list.evaluate((element) => element.scrollTop)).toBe(before);
  await box.getByRole('button', { name: '1 nova poruka' }).click();
  await expect(list.getByText('Stigla dok čitate starije')).toBeInViewport();
});

test('a viewer reads the conversation but cannot send', async ({ page }) => {
  await openAs(page, DEMO.pregled.email);
  await openChat(page);
  const box = chatWindow(page);
  await expect(box).toContainText('Imate pravo samo čitanja');
  await expect(box.getByRole('textbox', { name: 'Poruka' })).toHaveCount(0);
  await expect(box.getByRole('button', { name: 'Pošalji' })).toHaveCount(0);
  await expect(conversation(page).getByTestId('chat-message').first()).toBeVisible();

  const token = await storedToken(page);
  const refused = await page.request.post('/api/chat/poruke', { headers: { Authorization: `Bearer ${token}` }, data: { tekst: 'Smijem li?' } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'chat.readOnly', message: 'Imate pravo samo čitanja: poruke u chatu ne možete slati.' });
});

test('the chat window passes axe and is looked at', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, DEMO.tehnicar.email);
  await openChat(page);
  const message = chatWindow(page).getByRole('textbox', { name: 'Poruka' });
  await message.fill('Molim provjeru uzorka 42 prije 10 h.');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('chat.png') });
  // Escape while writing, in the field being written in.
  await message.press('Escape');
  await expect(chatWindow(page)).toHaveCount(0);
  await expect(opener(page)).toBeFocused();

  // A phone: the window fits the screen, the top bar keeps its controls in view.
  await page.setViewportSize({ width: 390, height: 800 });
  await openChat(page);
  // What was being written is still there after closing the window.
  await expect(chatWindow(page).getByRole('textbox', { name: 'Poruka' })).toHaveValue('Molim provjeru uzorka 42 prije 10 h.');
  const box = await chatWindow(page).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect(opener(page)).toBeInViewport();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('chat-narrow.png') });
});
