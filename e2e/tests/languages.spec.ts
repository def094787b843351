import type { Page } from '@playwright/test';
// The catalogues as app/catalogues.ts joins them (that file starts i18next, which this runner cannot load).
import { bs as coreBs } from '../../apps/web/src/i18n/bs.ts';
import { en as coreEn } from '../../apps/web/src/i18n/en.ts';
import { patientMessages } from '../../apps/web/src/features/patients/messages.ts';
import { symptomMessages } from '../../apps/web/src/features/patients/symptom-messages.ts';
import { sampleMessages } from '../../apps/web/src/features/samples/messages.ts';
import { labelMessages } from '../../apps/web/src/features/labels/messages.ts';
import { chatMessages } from '../../apps/web/src/features/chat/messages.ts';
import { processingMessages } from '../../apps/web/src/features/processing/messages.ts';
import { nalaziMessages } from '../../apps/web/src/features/nalazi/messages.ts';
import { evaluationMessages } from '../../apps/web/src/features/evaluation/messages.ts';
import { resultMessages } from '../../apps/web/src/features/results/messages.ts';
import { catalogueMessages } from '../../apps/web/src/features/catalogue/messages.ts';
import { settingsMessages } from '../../apps/web/src/features/postavke/messages.ts';
import { invoiceMessages } from '../../apps/web/src/features/invoice/messages.ts';
import { reportMessages } from '../../apps/web/src/features/izvjestaji/messages.ts';
import { outboxMessages } from '../../apps/web/src/features/outbox/messages.ts';
import { loggerMessages } from '../../apps/web/src/features/logger/messages.ts';
import { inventoryMessages } from '../../apps/web/src/features/inventory/messages.ts';
import { qcMessages } from '../../apps/web/src/features/qc/messages.ts';
import { partnerMessages } from '../../apps/web/src/features/partners/messages.ts';
import { importMessages } from '../../apps/web/src/features/import/messages.ts';
import { integrationMessages } from '../../apps/web/src/features/integration/messages.ts';
import { statisticsMessages } from '../../apps/web/src/features/statistics/messages.ts';
import { microbiologyMessages } from '../../apps/web/src/features/microbiology/messages.ts';
import { surveillanceMessages } from '../../apps/web/src/features/microbiology/surveillance/messages.ts';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, animationsSettled, clickInDropdown, openAs, userMenu } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId } from './lab-data.ts';

// Every word in the user's language: a walk over the sidebar's screens in Bosnian finds no i18n key and no
// string of the English catalogue; the avatar menu changes the interface language at once, without signing out.

const FEATURES = { patients: patientMessages, symptoms: symptomMessages, samples: sampleMessages, labels: labelMessages, processing: processingMessages, nalazi: nalaziMessages, evaluation: evaluationMessages, results: resultMessages, catalogue: catalogueMessages, postavke: settingsMessages, invoice: invoiceMessages, izvjestaji: reportMessages, outbox: outboxMessages, logger: loggerMessages, inventory: inventoryMessages, qc: qcMessages, partners: partnerMessages, import: importMessages, integration: integrationMessages, statistics: statisticsMessages, chat: chatMessages, microbiology: microbiologyMessages, microSurveillance: surveillanceMessages } as const;
const catalogueIn = (language: 'bs' | 'en', core: object) =>
  ({ ...core, ...Object.fromEntries(Object.entries(FEATURES).map(([group, messages]) => [group, messages[language]])) });
const CATALOGUES = { bs: catalogueIn('bs', coreBs), en: catalogueIn('en', coreEn) };

function flatten(value: object, prefix = ''): [string, string][] {
  return Object.entries(value).flatMap(([key, child]): [string, string][] =>
    typeof child === 'object' && child !== null ? flatten(child as object, `${prefix}${key}.`) : [[`${prefix}${key}`, String(child)]]);
}

const GROUPS = new Set(Object.keys(CATALOGUES.bs));
const BOSNIAN = new Map(flatten(CATALOGUES.bs));
/** English sentences and phrases (two words or more) that Bosnian says otherwise: one of them on a Bosnian screen is untranslated. */
const ENGLISH_ONLY = new Set(flatten(CATALOGUES.en)
  .filter(([key, text]) => BOSNIAN.get(key) !== text && /\s/.test(text.trim()) && !text.includes('{{') && text.length >= 8)
  .map(([, text]) => text.trim()));
/** A text that is a catalogue key itself ('outbox.attachments'): the group is one of the catalogue's. */
const isKey = (text: string) => /^[a-zA-Z]\w*(\.\w+)+$/.test(text) && GROUPS.has(text.split('.')[0] ?? '');

/** What the page says: its text nodes and the labels a screen reader reads (aria-label, placeholder, title). */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** Opens a screen inside the running app (React Router follows history), much faster than a page load per screen. */
async function open(page: Page, path: string) {
  await page.evaluate((to) => { window.history.pushState({}, '', to); window.dispatchEvent(new PopStateEvent('popstate')); }, path);
  await expect(page.getByRole('main')).toBeVisible();
  await settled(page);
}

/** The screen's calls answered: no loader left (a screen without one passes at once), then animations done. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.querySelector('.mantine-Loader-root') === null, undefined, { timeout: 5_000 * timeoutScale }).catch(() => undefined);
  await page.waitForTimeout(300);
  await animationsSettled(page);
}

test('a walk over the sidebar screens in Bosnian shows no i18n key and no English catalogue string', async ({ page }) => {
  test.setTimeout(180_000 * timeoutScale);
  const data = await openAs(page, DEMO.admin.email, '/statistika');
  const paths = data.sidebar.filter((item) => item.visible && !item.path.includes(':')).map((item) => item.path);
  expect(paths.length).toBeGreaterThan(15);
  const found: string[] = [];
  for (const path of paths) {
    await open(page, path);
    for (const text of await pageTexts(page)) {
      if (isKey(text)) found.push(`${path}: key ${text}`);
      else if (ENGLISH_ONLY.has(text)) found.push(`${path}: English "${text}"`);
    }
  }
  expect([...new Set(found)]).toEqual([]);
  // The check can fail: the English catalogue's own words are found.
  expect(ENGLISH_ONLY.has('Your account')).toBe(true);
});

const LANGUAGE_NAMES = { bs: 'Bosanski', en: 'English', de: 'Deutsch' } as const;

/** The avatar menu in any of the three languages. */
const anyUserMenu = (page: Page) => page.getByRole('button', { name: /Korisnički meni|User menu|Benutzermenü/ });

async function chooseLanguage(page: Page, language: keyof typeof LANGUAGE_NAMES) {
  await anyUserMenu(page).click();
  await clickInDropdown(anyUserMenu(page), page.getByRole('menuitem', { name: LANGUAGE_NAMES[language] }));
}

test('the avatar menu changes the interface language at once, keeps it after a reload, and keeps the session', async ({ page }) => {
  await openAs(page, DEMO.pregled.email, '/statistika');
  const token = await page.evaluate(() => localStorage.getItem('lis.token'));
  try {
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
    await expect(page).toHaveURL(/\/statistika$/);
    await page.reload();
    await settled(page);
    await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lis.token'))).toBe(token);
    await anyUserMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');
  } finally {
    await chooseLanguage(page, 'bs');
  }
  await expect(userMenu(page)).toBeVisible();
});

test('in English, result entry and the test picker name tests and sections by their English catalogue names', async ({ page, request }) => {
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.lejla.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['GLU', 'K'] });
  await openAs(page, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
  try {
    await chooseLanguage(page, 'en');
    await expect(page.getByRole('textbox', { name: 'Result: Glucose' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Result: Potassium' })).toBeVisible();
    const table = page.getByRole('table', { name: /Results of/ });
    await expect(table.getByText('Clinical chemistry', { exact: true })).toBeVisible();
    await expect(table.getByText(/^(Glukoza|Kalij|Biohemija)$/)).toHaveCount(0);

    await open(page, `/samples/${pid}`);
    await expect(page.getByRole('tab', { name: /^Clinical chemistry/ })).toBeVisible();
    // Found by the Bosnian name as well as the English one, and shown in English.
    const search = page.getByRole('textbox', { name: 'Find a test' });
    for (const query of ['glukoza', 'glucose']) {
      await search.fill(query);
      await expect(page.getByRole('checkbox', { name: /^Glucose GLU/ })).toBeVisible();
    }
  } finally {
    await chooseLanguage(page, 'bs');
  }
});

// The changed screens pictured in each language and width for a person to look at (paths in the test output).
const SCREENS = [
  '/nalazi/outbox', '/kontrole/definicija', '/assays', '/postavke/analize', '/kontrole/unos', '/mikrobiologija',
  '/mikrobiologija/kumulativni-antibiogram',
];

for (const width of [1280, 500]) {
  test(`pictures of the changed screens in bs, en and de at ${width} px`, { tag: '@pictures' }, async ({ page }) => {
    test.setTimeout(240_000 * timeoutScale);
    await page.setViewportSize({ width, height: 900 });
    await openAs(page, DEMO.admin.email, '/statistika');
    try {
      for (const language of ['bs', 'en', 'de'] as const) {
        if (language !== 'bs') await chooseLanguage(page, language);
        for (const path of SCREENS) {
          await open(page, path);
          await page.screenshot({ path: test.info().outputPath(`${language}${path.replaceAll('/', '-')}-${width}.png`), fullPage: true });
        }
      }
    } finally {
      await chooseLanguage(page, 'bs');
    }
  });
}
