import type { SignInAttacksAnswer } from '@lis/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import type * as Passwords from '../../lib/passwords.ts';
import { THROTTLE, accountDelayMs } from './service.ts';

// Every password verification is counted: the throttle's promise is about how many passwords get checked.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    verifyPassword: (passwordHash: string, password: string) => {
      verifications.count += 1;
      return original.verifyPassword(passwordHash, password);
    },
  };
});

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

function attempt(email: string, password: string, address: string): Promise<number> {
  return t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email, password }, remoteAddress: address })
    .then((response) => response.statusCode);
}

/** A technician of its own, so each rule's test starts from clean counters. */
async function newAccount(name: string): Promise<string> {
  const admin = await signIn(t.app, 'admin@demo.lab');
  const email = `${name}@lab.test`;
  const created = await t.app.inject({
    method: 'POST', url: '/api/postavke/users/edit', headers: { authorization: `Bearer ${admin.token}` },
    payload: { element: { email, ime: 'Ciljani', prezime: 'Račun', role: 'technician', level: 0, sites: [admin.site], password: DEMO_PASSWORD } },
  });
  expect(created.statusCode, created.body).toBe(200);
  return email;
}

describe('sign-in throttle', () => {
  it('25 parallel wrong passwords for one account from one address check at most 5 passwords', async () => {
    const email = await newAccount('paralelno');
    verifications.count = 0;
    const statuses = await Promise.all(Array.from({ length: 25 }, () => attempt(email, 'pogresna-lozinka', '192.0.2.1')));
    expect(verifications.count).toBeLessThanOrEqual(THROTTLE.perAccountAndAddress);
    expect(statuses.filter((status) => status === 401)).toHaveLength(verifications.count);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - verifications.count);
  });

  it("a guesser locks only its own address out: the right password from another address signs in, not from the guesser's", async () => {
    const email = await newAccount('meta');
    for (let i = 0; i < THROTTLE.perAccountAndAddress; i += 1) expect(await attempt(email, `pogodak-${i}`, '192.0.2.2')).toBe(401);
    expect(await attempt(email, 'pogodak-x', '192.0.2.2')).toBe(429);
    expect(await attempt(email, DEMO_PASSWORD, '192.0.2.2')).toBe(429);
    expect(await attempt(email, DEMO_PASSWORD, '198.51.100.7')).toBe(200);
  });

  it('attempts the throttle refused count nowhere: neither for the account nor for the address', async () => {
    const email = await newAccount('uporno');
    const other = await newAccount('drugo');
    for (let i = 0; i < THROTTLE.perAccountAndAddress; i += 1) await attempt(email, `pogodak-${i}`, '192.0.2.3');
    // A trickle after the limit: each is refused unchecked. (20, not more: the route's own flood guard allows
    // 30 requests a minute from one address.)
    verifications.count = 0;
    for (let i = 0; i < 20; i += 1) expect(await attempt(email, `pogodak-${i}`, '192.0.2.3')).toBe(429);
    expect(verifications.count).toBe(0);
    // Had the 20 refusals counted, the address (20 failures) would be refused for every other account too.
    expect(await attempt(other, 'pogresna', '192.0.2.3')).toBe(401);
    expect(await attempt(other, DEMO_PASSWORD, '192.0.2.3')).toBe(200);
    // And the account's count is the 5 checked failures, not 25 (the administrator's view says so).
    const admin = await signIn(t.app, 'admin@demo.lab');
    const view = await t.app.inject({ method: 'GET', url: '/api/postavke/users/napadi', headers: { authorization: `Bearer ${admin.token}` } });
    const row = view.json<SignInAttacksAnswer>().data.find((entry) => entry.email === email);
    expect(row).toMatchObject({ failures: 5, refused: 20, addresses: ['192.0.2.3'] });
  });

  it('a correct password gives its reservation back: typos before it do not add up towards the limit', async () => {
    const email = await newAccount('tipfeler');
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < THROTTLE.perAccountAndAddress - 1; i += 1) expect(await attempt(email, 'tipfeler', '192.0.2.4')).toBe(401);
      expect(await attempt(email, DEMO_PASSWORD, '192.0.2.4')).toBe(200);
    }
  });

  it('an address failing on many accounts is refused at 20 failures, for every account', async () => {
    const victims = await Promise.all(Array.from({ length: 5 }, (_, i) => newAccount(`adresa${i}`)));
    for (const victim of victims) {
      for (let i = 0; i < 4; i += 1) expect(await attempt(victim, `pogodak-${i}`, '192.0.2.5')).toBe(401);
    }
    expect(await attempt(victims[0]!, DEMO_PASSWORD, '192.0.2.5')).toBe(429);
    expect(await attempt(victims[0]!, DEMO_PASSWORD, '192.0.2.55')).toBe(200);
  });

  it('many addresses failing on one account slow each attempt on it, but the right password still signs in', async () => {
    const email = await newAccount('distribuirano');
    const failures = THROTTLE.accountSlowdownFrom + 1;
    await Promise.all(Array.from({ length: failures }, (_, i) => attempt(email, `pogodak-${i}`, `203.0.113.${i + 1}`)));
    const wait = accountDelayMs(failures);
    expect(wait).toBeGreaterThan(0);
    const started = performance.now();
    expect(await attempt(email, DEMO_PASSWORD, '198.51.100.99')).toBe(200);
    // A lower bound only: the attempt waited at least the slowdown (a busy machine only adds to it).
    expect(performance.now() - started).toBeGreaterThanOrEqual(wait - 50);
  });

  it('the slowdown grows with the failures and stops at its ceiling', () => {
    expect(accountDelayMs(THROTTLE.accountSlowdownFrom - 1)).toBe(0);
    expect(accountDelayMs(THROTTLE.accountSlowdownFrom)).toBe(THROTTLE.slowdownStepMs);
    expect(accountDelayMs(THROTTLE.accountSlowdownFrom + 3)).toBe(4 * THROTTLE.slowdownStepMs);
    expect(accountDelayMs(10_000)).toBe(THROTTLE.slowdownMaxMs);
  });

  it('a sign-in clears the counters of windows that have passed', async () => {
    await t.database.db.execute(sql`insert into login_throttles (email, ip, window_start, failures)
      values ('davno@lab.test', '192.0.2.200', now() - interval '16 minutes', 5), ('sada@lab.test', '192.0.2.201', now(), 2)`);
    await signIn(t.app, 'tehnicar@demo.lab');
    const left = await queryRows<{ email: string }>(t.database.db, sql`select email from login_throttles where email in ('davno@lab.test', 'sada@lab.test')`);
    expect(left).toEqual([{ email: 'sada@lab.test' }]);
  });

  it("shows the accounts under attack to a level-0 administrator only", async () => {
    const technician = await signIn(t.app, 'tehnicar@demo.lab');
    const refused = await t.app.inject({ method: 'GET', url: '/api/postavke/users/napadi', headers: { authorization: `Bearer ${technician.token}` } });
    expect(refused.statusCode).toBe(403);
    const admin = await signIn(t.app, 'admin@demo.lab');
    const view = await t.app.inject({ method: 'GET', url: '/api/postavke/users/napadi', headers: { authorization: `Bearer ${admin.token}` } });
    expect(view.statusCode).toBe(200);
    const answer = view.json<SignInAttacksAnswer>();
    expect(answer.windowMinutes).toBe(15);
    expect(answer.data.find((entry) => entry.email === 'distribuirano@lab.test')).toMatchObject({ failures: THROTTLE.accountSlowdownFrom + 1, refused: 0 });
    expect(answer.data.find((entry) => entry.email === 'distribuirano@lab.test')?.addresses).toHaveLength(THROTTLE.accountSlowdownFrom + 1);
  });
});
