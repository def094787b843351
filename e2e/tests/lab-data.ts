/**
 * Setup steps of the patient and sample specs, over the API: find a demo
 * patient, create a sample with tests named by their codes, list a site's
 * sample codes. The demo seed has these patients (fictitious):
 * DEMIĆ LEJLA (SA), PRIMJEROVIĆ EMIR (SA), UZORKOVIĆ AMINA (TZ only),
 * PROBIĆ KENAN (SA), OGLEDIĆ HALIMA (birth year only, TZ), FIKTIVIĆ DAVOR
 * (date of birth only, an ODOBREN sample at SA).
 */
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';
import { type LoginData, apiSignIn, tokenWorks } from './helpers.ts';

export const DEMO_PATIENTS = {
  lejla: { jmbg: '1503978175002', name: 'DEMIĆ LEJLA' },
  emir: { jmbg: '2207965170015', name: 'PRIMJEROVIĆ EMIR' },
  amina: { jmbg: '0311990185129', name: 'UZORKOVIĆ AMINA' },
  kenan: { jmbg: '1106015170049', name: 'PROBIĆ KENAN' },
  davor: { jmbg: '240797263158P', name: 'FIKTIVIĆ DAVOR' },
} as const;

export interface ApiSession {
  data: LoginData;
  headers: Record<string, string>;
  siteId: (sifra: 'SA' | 'TZ') => string;
}

// One API sign-in per user and worker: sign-in is rate-limited, and the setup steps need no fresh session.
const sessions = new Map<string, Promise<LoginData | null>>();

export async function apiSession(request: APIRequestContext, email: string): Promise<ApiSession> {
  // A session of an earlier spec on this worker may have been ended since (a password change, a sign-out, the
  // account disabled): signed in again then, as openAs does.
  const cached = await sessions.get(email);
  if (!cached || !(await tokenWorks(request, cached))) sessions.set(email, apiSignIn(request, email));
  const data = await sessions.get(email)!;
  expect(data, `sign-in of ${email}`).not.toBeNull();
  return {
    data: data!,
    headers: { Authorization: `Bearer ${data!.idToken}` },
    siteId: (sifra) => {
      const site = data!.sites.find((candidate) => candidate.sifra === sifra);
      if (!site) throw new Error(`${email} has no site ${sifra}`);
      return site.id;
    },
  };
}

export async function patientId(request: APIRequestContext, session: ApiSession, jmbg: string): Promise<string> {
  const response = await request.post('/api/pacijenti/unos/find', { headers: session.headers, data: { jmbg } });
  const body = (await response.json()) as { exists: boolean; pacijent: { _id: string } | null };
  expect(body.exists, `patient ${jmbg} exists`).toBe(true);
  return body.pacijent!._id;
}

/**
 * A new patient of the lab with a random placeholder ID, for a test whose checks depend on the patient's
 * samples: the demo patients get samples from other specs on the same worker's database. Answers the id and
 * the name as lists show it (surname first, upper case).
 */
export async function createPatient(
  request: APIRequestContext, session: ApiSession, person: { ime: string; prezime: string; spol?: 'MUŠKI' | 'ŽENSKI' },
): Promise<{ pid: string; name: string }> {
  const jmbg = `0000987${10_000 + Math.floor(Math.random() * 90_000)}P`;
  const saved = await request.post('/api/pacijenti/unos/save', {
    headers: session.headers,
    data: { jmbg, ime: person.ime, prezime: person.prezime, spol: person.spol ?? 'ŽENSKI', adresa: 'Titova 1, Sarajevo', telefon: '061 000 444', symptoms: { umor: true } },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return { pid: await patientId(request, session, jmbg), name: `${person.prezime} ${person.ime}`.toLocaleUpperCase('bs') };
}

/** A new sample of the patient at the site with the tests named by their codes (GLU, LDL …). */
export async function createSample(
  request: APIRequestContext, session: ApiSession,
  options: {
    pid: string; site: 'SA' | 'TZ'; tests: string[]; hitan?: boolean; /** When it was taken (ISO instant); now when left out. */ datum?: string;
    /** The referring location (orderer). */ lokacija?: string;
    /** The ordering partner's id. */ partner?: string;
  },
): Promise<{ _id: string; code: string }> {
  const site = session.siteId(options.site);
  const picker = await request.post('/api/uzorci/labassay/tip', { headers: session.headers, data: { site, pid: options.pid } });
  const { testovi } = (await picker.json()) as { testovi: { _id: string; sifra: string }[] };
  const ids = options.tests.map((sifra) => {
    const test = testovi.find((candidate) => candidate.sifra === sifra);
    if (!test) throw new Error(`test ${sifra} is not offered to this patient`);
    return test._id;
  });
  const response = await request.post('/api/uzorci/save', {
    headers: session.headers, data: { site, pid: options.pid, testovi: ids, hitan: options.hitan ?? false,
      ...(options.datum ? { datum: options.datum } : {}), ...(options.lokacija ? { lokacija: options.lokacija } : {}),
      ...(options.partner ? { partner: options.partner } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { uzorak } = (await response.json()) as { uzorak: { _id: string; code: string } };
  return uzorak;
}

/** Every sample code of a site (all days, all statuses). */
export async function siteSampleCodes(request: APIRequestContext, session: ApiSession, site: 'SA' | 'TZ'): Promise<string[]> {
  const response = await request.get('/api/uzorci/list', {
    headers: session.headers, params: { site: session.siteId(site), datum: 'SVE', per_page: 0 },
  });
  const { data } = (await response.json()) as { data: { code: string }[] };
  return data.map((row) => row.code);
}

/** Saves results by assay code through the result call, as the result screen does. */
export async function saveResults(request: APIRequestContext, session: ApiSession, sid: string, values: Record<string, string>): Promise<void> {
  const shown = await request.get(`/api/rezultati/${sid}`, { headers: session.headers });
  expect(shown.status(), await shown.text()).toBe(200);
  const { version, tests } = (await shown.json()) as { version: number; tests: { _id: string; sifra: string }[] };
  const rezultati = Object.entries(values).map(([sifra, rezultat]) => ({ test: tests.find((candidate) => candidate.sifra === sifra)!._id, rezultat }));
  const saved = await request.post('/api/rezultati/save', { headers: session.headers, data: { sid, version, rezultati } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * Waits until no toast is shown, with the pointer moved off them first: a toast stays while the pointer rests on
 * it (Mantine pauses the close), and a few in a row stack down over the top of the screen, where the status bar's
 * buttons are. Before a click there after several quick actions.
 */
export async function toastsClosed(page: Page): Promise<void> {
  await page.mouse.move(1, page.viewportSize()!.height - 1);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

/** A toast (Mantine notification) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}
