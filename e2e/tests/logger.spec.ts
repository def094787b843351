import { execFileSync } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import mqtt from 'mqtt';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, chooseOption, expectAccessible, openAs } from './helpers.ts';
import { type ApiSession, apiSession } from './lab-data.ts';

// The temperature logger in the browser: readings published to the server's MQTT broker (the embedded one,
// on E2E_PORT + 10000, see start-server.mjs, signed in with each refrigerator's own credentials, which its
// creation answered) change a tile of /loger/pregled without a reload, an
// out-of-range run past the delay raises the alarm on the tile and in the bell, and it is acknowledged
// with a note; /loger/postavke edits refrigerators as JSON; /loger/statistika charts the days and prints
// the monthly record.

interface MqttCredentials { korisnik: string; lozinka: string; tema: string }

/** Saves a new refrigerator of SA through the JSON editor's call and answers its id and the MQTT credentials answered once. */
async function newRefrigerator(request: APIRequestContext, admin: ApiSession, element: Record<string, unknown>): Promise<{ id: string; mqtt: MqttCredentials }> {
  const response = await request.post('/api/loger/frizider/edit', {
    headers: admin.headers,
    data: { site: admin.siteId('SA'), element: { site: admin.siteId('SA'), temperatura: { min: 2, max: 8 }, limit_tisine_min: 60, ...element } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { frizider: { _id: string }; mqtt: MqttCredentials };
  return { id: answer.frizider._id, mqtt: answer.mqtt };
}

async function refrigerator(request: APIRequestContext, admin: ApiSession, element: Record<string, unknown>): Promise<string> {
  return (await newRefrigerator(request, admin, element)).id;
}

/** Readings posted as a gateway does, with the refrigerator's device key (`POST /api/loger/ocitanja`). */
async function postReadings(request: APIRequestContext, key: string, readings: Record<string, unknown>[]): Promise<void> {
  const response = await request.post('/api/loger/ocitanja', { headers: { authorization: `Device ${key}` }, data: { readings } });
  expect(response.status(), await response.text()).toBe(200);
}

async function deviceKey(request: APIRequestContext, admin: ApiSession, id: string): Promise<string> {
  const response = await request.post('/api/loger/frizider/kljuc', { headers: admin.headers, data: { id, site: admin.siteId('SA') } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { kljuc: string }).kljuc;
}

function brokerUrl(serverURL: string): string {
  return `mqtt://127.0.0.1:${Number(new URL(serverURL).port) + 10000}`;
}

test('readings over MQTT move the tile live; an alarm past its delay shows on the tile and in the bell and is acknowledged', async ({ page, request, serverURL }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  // The alarm closes by the refrigerator's rule: here two readings back in range, however close together.
  const seven = await newRefrigerator(request, admin, {
    naziv: 'Frižider hematologija', slave_id: 7, odgoda_alarma_min: 1, vlaznost: { min: 30, max: 70 }, zatvaranje_ocitanja: 2, zatvaranje_min: 0,
  });
  const eight = await newRefrigerator(request, admin, { naziv: 'Zamrzivač plazma', slave_id: 8, temperatura: { min: -30, max: -18 }, odgoda_alarma_min: 10 });
  // Anonymous clients are refused; each refrigerator's device signs in with its own credentials and publishes to its own topic.
  await expect(mqtt.connectAsync(brokerUrl(serverURL), { reconnectPeriod: 0, connectTimeout: 3000 })).rejects.toThrow();
  const gateways = new Map<number, mqtt.MqttClient>();
  for (const [slave, credentials] of [[7, seven.mqtt], [8, eight.mqtt]] as const) {
    gateways.set(slave, await mqtt.connectAsync(brokerUrl(serverURL), {
      clientId: `e2e-gateway-${testInfo.workerIndex}-${slave}`, username: credentials.korisnik, password: credentials.lozinka,
    }));
  }
  const publish = (slave: 7 | 8, reading: Record<string, unknown>) =>
    gateways.get(slave)!.publishAsync(`lis/loger/SA/${slave}`, JSON.stringify(reading), { qos: 1 });
  try {
    await publish(8, { temperatura: -22.4 });
    await openAs(page, DEMO.tehnicar.email, '/loger/pregled');
    await expect(page.getByRole('heading', { name: 'Temperatura: pregled' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pregled', exact: true })).toBeVisible();
    await expect(page.getByTestId('broker-state')).toHaveText('MQTT broker prima očitanja.');
    const tile = page.getByTestId('tile-7');
    await expect(tile).toContainText('Frižider hematologija');
    await expect(tile).toContainText('bez očitanja');
    await expect(page.getByTestId('tile-8').getByTestId('tile-temperature')).toHaveText('-22,4 °C');

    // A reading in range (taken three minutes ago): the tile takes it from the socket, no reload.
    await publish(7, { temperatura: 4.5, vlaznost: 44, time: new Date(Date.now() - 180_000).toISOString() });
    await expect(tile.getByTestId('tile-temperature')).toHaveText('4,5 °C');
    await expect(tile).toContainText('Vlažnost 44 %');
    await expect(tile).toHaveAttribute('data-out-of-range', 'false');

    // Out of range for longer than the one-minute delay: the alarm is raised once.
    await publish(7, { temperatura: 9.3, vlaznost: 45, time: new Date(Date.now() - 90_000).toISOString() });
    await publish(7, { temperatura: 9.6, vlaznost: 45 });
    await expect(tile.getByTestId('tile-temperature')).toHaveText('9,6 °C');
    await expect(tile).toHaveAttribute('data-out-of-range', 'true');
    await expect(tile.getByRole('img', { name: 'Raste' })).toBeVisible();
    const alarm = tile.getByTestId('tile-alarm');
    await expect(alarm).toContainText('Van opsega od');
    // One bell entry for it (the demo's stock warnings and its own refrigerators' alarms are there beside it).
    await page.getByRole('button', { name: /^Obavještenja \(\d+\)$/ }).click();
    const bell = page.getByRole('dialog', { name: 'Obavještenja' });
    await expect(bell.getByRole('listitem').filter({ hasText: 'Frižider hematologija' })).toHaveCount(1);
    await expect(bell).toContainText('Frižider hematologija: van opsega (9,6 °C)');
    await page.screenshot({ path: testInfo.outputPath('loger-pregled-alarm.png'), fullPage: true });
    await page.keyboard.press('Escape');
    await expectAccessible(page);

    // Acknowledged with a note: the bell entry goes, the tile keeps the alarm with who and what until back in range.
    await alarm.getByRole('button', { name: 'Potvrdi alarm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Potvrda alarma: Frižider hematologija' });
    await expect(dialog.getByRole('button', { name: 'Potvrdi' })).toBeDisabled();
    await dialog.getByLabel('Napomena (preduzeta radnja)').fill('Vrata bila otvorena; zatvorena, reagensi provjereni.');
    await animationsSettled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Potvrdi' }).click();
    await expect(dialog).toBeHidden();
    await expect(alarm).toContainText('Potvrdio/la');
    await expect(alarm).toContainText('reagensi provjereni');
    await page.getByRole('button', { name: /^Obavještenja \(\d+\)$/ }).click();
    await expect(bell).toBeVisible();
    await expect(bell.getByRole('listitem').filter({ hasText: 'Frižider hematologija' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Back in range: one reading leaves the alarm open; the second closes it by the rule, the tile is calm again.
    await publish(7, { temperatura: 5.0, vlaznost: 45 });
    await expect(tile.getByTestId('tile-temperature')).toHaveText('5,0 °C');
    await expect(tile.getByTestId('tile-alarm')).toHaveCount(1);
    await publish(7, { temperatura: 5.1, vlaznost: 45 });
    await expect(tile.getByTestId('tile-temperature')).toHaveText('5,1 °C');
    await expect(tile.getByTestId('tile-alarm')).toHaveCount(0);
    await expect(tile).toHaveAttribute('data-out-of-range', 'false');
    await page.screenshot({ path: testInfo.outputPath('loger-pregled.png'), fullPage: true });
    // A phone-wide screen: one tile a row, nothing cut.
    await page.setViewportSize({ width: 600, height: 900 });
    await expect(tile.getByTestId('tile-temperature')).toBeInViewport();
    // The sidebar closes below 992 px, sliding out of the screen.
    await expect(page.getByRole('navigation', { name: 'Glavni meni' })).not.toBeInViewport();
    await animationsSettled(page);
    await page.screenshot({ path: testInfo.outputPath('loger-pregled-600.png'), fullPage: true });
  } finally {
    for (const gateway of gateways.values()) await gateway.endAsync();
  }
});

test('/loger/postavke edits refrigerators as JSON, names a bad field, and issues a device key', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  await refrigerator(request, admin, { naziv: 'Frižider biohemija', slave_id: 9, odgoda_alarma_min: 15 });
  await openAs(page, DEMO.admin.email, '/loger/postavke');
  await expect(page.getByRole('heading', { name: 'Temperatura: postavke' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Frižider biohemija' });
  await expect(row).toContainText('2,0 – 8,0');
  await expect(row).toContainText('15 min');
  await page.screenshot({ path: testInfo.outputPath('loger-postavke.png'), fullPage: true });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Novi frižider' }).click();
  const editor = page.getByRole('dialog', { name: 'Novi frižider' });
  const text = JSON.stringify({
    naziv: 'Frižider mikrobiologija', site: admin.siteId('SA'), slave_id: 10, temperatura: { min: 8, max: 2 }, vlaznost: null,
    odgoda_alarma_min: 10, limit_tisine_min: 30, lokacija: 'Prostorija 4',
  }, null, 2);
  await editor.locator('.cm-content').fill(text);
  await expect(editor).toContainText('temperatura.max');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('loger-postavke-editor.png'), fullPage: true });
  await expectAccessible(page);
  await editor.locator('.cm-content').fill(text.replace('"min": 8,\n    "max": 2', '"min": 2,\n    "max": 8'));
  await editor.getByRole('button', { name: /sačuvaj/i }).click();
  await expect(editor).toBeHidden();
  // Created: its MQTT credentials are shown this once, each with a copy button.
  const created = page.getByRole('dialog', { name: 'MQTT pristup: Frižider mikrobiologija' });
  await expect(created.getByTestId('mqtt-password')).toHaveText(/^lism_\S{40,}$/);
  await expect(created.getByTestId('mqtt-topic')).toHaveText('lis/loger/SA/10');
  await expect(created.getByRole('button', { name: 'Kopiraj: Lozinka' })).toBeVisible();
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('loger-postavke-mqtt.png'), fullPage: true });
  await expectAccessible(page);
  await created.getByRole('button', { name: 'Gotovo' }).click();
  await expect(created).toBeHidden();
  const microRow = page.getByRole('row').filter({ hasText: 'Frižider mikrobiologija' });
  await expect(microRow).toContainText('30 min');
  await expect(microRow).toContainText('3 očitanja / 10 min');

  // Revoked from its row: the row says the MQTT access is not set.
  await microRow.getByRole('button', { name: 'MQTT: Frižider mikrobiologija' }).click();
  const access = page.getByRole('dialog', { name: 'MQTT pristup: Frižider mikrobiologija' });
  await access.getByRole('button', { name: 'Opozovi' }).click();
  await expect(access).toBeHidden();
  await expect(microRow.getByRole('cell', { name: 'Nije postavljen' })).toHaveCount(2);

  await row.getByRole('button', { name: 'Novi ključ: Frižider biohemija' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Ključ uređaja: Frižider biohemija' });
  await keyDialog.getByRole('button', { name: 'Novi ključ' }).click();
  await expect(keyDialog.getByTestId('device-key')).toHaveText(/^lis_\S{40,}$/);
  const key = (await keyDialog.getByTestId('device-key').textContent()) ?? '';
  await keyDialog.getByRole('button', { name: 'Gotovo' }).click();
  await expect(row).toContainText('Postavljen');
  const posted = await request.post('/api/loger/ocitanja', { headers: { authorization: `Device ${key}` }, data: { readings: [{ temperatura: 4.4 }] } });
  expect(await posted.json()).toMatchObject({ success: true, primljeno: 1 });
});

test('/loger/statistika charts a refrigerator\'s days and prints the monthly record', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const id = await refrigerator(request, admin, { naziv: 'Frižider reagensi Č', slave_id: 11, odgoda_alarma_min: 30 });
  const kljuc = await deviceKey(request, admin, id);
  // Three days of one-minute readings, with a warm spell each afternoon.
  const now = Date.now();
  const readings = Array.from({ length: 3 * 24 * 60 }, (_, minute) => {
    const time = now - (3 * 24 * 60 - minute) * 60_000;
    const warm = minute % 1440 > 840 && minute % 1440 < 870;
    return { time: new Date(time).toISOString(), temperatura: Math.round((warm ? 9 : 4 + Math.sin(minute / 90)) * 10) / 10, vlaznost: 40 };
  });
  for (let offset = 0; offset < readings.length; offset += 1000) await postReadings(request, kljuc, readings.slice(offset, offset + 1000));
  await openAs(page, DEMO.tehnicar.email, '/loger/statistika');
  await expect(page.getByRole('heading', { name: 'Temperatura: statistika' })).toBeVisible();
  await chooseOption(page, 'Frižider', 'Frižider reagensi Č');
  await expect(page.getByTestId('period-summary')).toContainText('Očitanja: 4.320');
  await expect(page.getByTestId('period-summary')).toContainText('van opsega');
  await expect(page.getByRole('img', { name: /Grafikon temperature Frižider reagensi Č/ }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Frižider reagensi Č: dani izabranog perioda' }).getByRole('row')).toHaveCount(5);
  await page.screenshot({ path: testInfo.outputPath('loger-statistika.png'), fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 767, height: 1000 });
  await page.screenshot({ path: testInfo.outputPath('loger-statistika-767.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Mjesečna evidencija (PDF)' }).click();
  const file = testInfo.outputPath('temperatura.pdf');
  await (await download).saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain('Frižider reagensi Č');
  expect(text).toContain('Pregledao/la i potvrdio/la');
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, testInfo.outputPath('temperatura')]);
});

test('an alarm raised before the page opened is in the bell when it loads; readings come over HTTP with the device key', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const id = await refrigerator(request, admin, { naziv: 'Frižider transfuzija', slave_id: 12, odgoda_alarma_min: 0, zatvaranje_ocitanja: 2, zatvaranje_min: 0 });
  const key = await deviceKey(request, admin, id);
  await postReadings(request, key, [{ time: new Date(Date.now() - 120_000).toISOString(), temperatura: 4 }, { temperatura: 11.2 }]);

  await openAs(page, DEMO.tehnicar.email, '/loger/pregled');
  await expect(page.getByTestId('tile-12').getByTestId('tile-alarm')).toContainText('Van opsega od');
  await page.getByRole('button', { name: /^Obavještenja \(\d+\)$/ }).click();
  const bell = page.getByRole('dialog', { name: 'Obavještenja' });
  await expect(bell.getByRole('region', { name: 'Alarmi' })).toContainText('Frižider transfuzija: van opsega (11,2 °C)');
  await page.screenshot({ path: testInfo.outputPath('loger-bell-on-load.png'), fullPage: true });

  // Back in range (over HTTP again), two readings as the rule asks (the second 30 s ahead, within the clock's tolerance):
  // the alarm clears, and with it the bell's entry.
  const now = Date.now();
  await postReadings(request, key, [{ time: new Date(now).toISOString(), temperatura: 4.1 }, { time: new Date(now + 30_000).toISOString(), temperatura: 4.2 }]);
  await expect(bell).not.toContainText('Frižider transfuzija');
  await expect(page.getByTestId('tile-12').getByTestId('tile-alarm')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The broker gone (an outside one, as the server reports it): a calm warning above the tiles, not an error.
  await page.route(/\/api\/loger\/pregled(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...answer, broker: { vrsta: 'external', stanje: 'disconnected', od: new Date().toISOString(), greska: 'ECONNREFUSED' } } });
  });
  await page.reload();
  const broker = page.getByTestId('broker-state');
  await expect(broker).toContainText('MQTT broker nije dostupan od');
  await expect(broker).toContainText('Očitanja preko HTTP-a i dalje stižu.');
  await expect(broker).toContainText('Posljednja greška: ECONNREFUSED');
  await expect(page.getByTestId('tile-12')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('loger-pregled-broker-down.png'), fullPage: true });
  await expectAccessible(page);
});
