import { test } from '@playwright/test';
import { DEMO, openAs } from './helpers.ts';

test('shot', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, DEMO.admin.email, '/pacijenti');
  await page.getByRole('table').first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/intake/shots/list-1280.png' });
  const table = page.getByRole('table').first();
  const info = await table.evaluate((el) => {
    const scroller = el.parentElement!;
    return { tableW: el.scrollWidth, scrollerW: scroller.clientWidth, scrollerScroll: scroller.scrollWidth, doc: document.documentElement.scrollWidth,
      ths: [...el.querySelectorAll('th')].map((th) => `${th.textContent}:${Math.round(th.getBoundingClientRect().width)}@${Math.round(th.getBoundingClientRect().right)}`) };
  });
  console.log(JSON.stringify(info));
});
