import { expect, test } from './fixtures.ts';
import { DEMO, expectAccessible, openAs } from './helpers.ts';

// The users screen shows an administrator the failed sign-ins of the last minutes: the account, how many
// checked failures, how many the throttle refused, the addresses, the last attempt.

test('failed sign-ins on an account appear on the users screen, with the address they came from', async ({ page }, testInfo) => {
  // No such account: the attempts are failures all the same, and no demo account is throttled by this spec.
  for (let i = 0; i < 3; i += 1) {
    const attempt = await page.request.post('/api/login/users', { data: { email: 'napadnuti@lab.test', password: `pogodak-${i}` } });
    expect(attempt.status()).toBe(401);
  }
  await openAs(page, DEMO.admin.email, '/postavke/korisnici');
  const section = page.getByRole('region', { name: 'Neuspjele prijave' });
  await expect(section).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: 'napadnuti@lab.test' });
  await expect(row.getByRole('cell')).toHaveText(['napadnuti@lab.test', '3', '0', /127\.0\.0\.1/, /\d{2}\.\d{2}\.\d{4}/]);
  await expectAccessible(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('sign-in-attacks.png'), fullPage: true });
});
