import { count, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { sites, users, userSites } from '../schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedDemoPatients } from './demo-patients.ts';
import { seedDemoSuppliers } from '../../modules/inventory/demo-suppliers.ts';
import { seedDemoPanels } from '../../modules/microbiology/demo-panels.ts';
import { seedDemoTestPanels } from '../../modules/test-panels/demo-panels.ts';
import { seedDemoHistory } from './history/index.ts';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_USERS = [
  { email: 'admin@demo.lab', ime: 'Amra', prezime: 'Administrator', role: 'admin', accessLevel: 0, sites: ['SA', 'TZ'], defaultRoute: '/statistika' },
  { email: 'specijalista@demo.lab', ime: 'Selma', prezime: 'Specijalista', role: 'specialist', accessLevel: 0, sites: ['SA', 'TZ'], defaultRoute: '/prijem' },
  { email: 'tehnicar@demo.lab', ime: 'Tarik', prezime: 'Tehničar', role: 'technician', accessLevel: 0, sites: ['SA'], defaultRoute: '/prijem' },
  { email: 'pregled@demo.lab', ime: 'Petra', prezime: 'Pregled', role: 'viewer', accessLevel: 1, sites: ['SA'], defaultRoute: '/prijem' },
] as const;

const DEMO_SITES = [
  { sifra: 'SA', naziv: 'Sarajevo', name: 'Sarajevo', adresa: 'Zmaja od Bosne 1, 71000 Sarajevo', mjesta: ['Sarajevo', 'Ilidža', 'Vogošća', 'Hadžići', 'Ilijaš'] },
  { sifra: 'TZ', naziv: 'Tuzla', name: 'Tuzla', adresa: 'Trnovac bb, 75000 Tuzla', mjesta: ['Tuzla', 'Lukavac', 'Živinice', 'Gračanica', 'Srebrenik'] },
];

export interface SeedOptions {
  /**
   * The demo's history too (history/index.ts: control runs, refrigerator readings, stock and orders): what the
   * started demo shows. The server tests' database image leaves it out: their counts and lists start from the
   * bare demo, and a test of the history seeds it itself.
   */
  history?: boolean;
  /** With the history: whether the demo's autoverification rule set starts switched on (default true). */
  autoverification?: boolean;
}

/** Seeds demo sites, users and the catalogue (and with `history` the demo's history), only into an empty database; a second run does nothing. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const now = new Date();
  const [existing] = await db.select({ n: count() }).from(sites);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Several servers starting at once on an empty database: one seeds, the others wait and find its sites.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lis:seed-demo'))`);
    const [again] = await tx.select({ n: count() }).from(sites);
    if ((again?.n ?? 0) > 0) return false;
    const siteRows = await tx.insert(sites).values(DEMO_SITES).returning({ id: sites.id, sifra: sites.sifra });
    const siteId = new Map(siteRows.map((row) => [row.sifra, row.id]));
    const userRows = await tx.insert(users).values(DEMO_USERS.map((user) => ({
      email: user.email, passwordHash, ime: user.ime, prezime: user.prezime, role: user.role,
      accessLevel: user.accessLevel, defaultRoute: user.defaultRoute,
    }))).returning({ id: users.id, email: users.email });
    await tx.insert(userSites).values(DEMO_USERS.flatMap((user) => {
      const userId = userRows.find((row) => row.email === user.email)!.id;
      return user.sites.map((sifra) => ({ userId, siteId: siteId.get(sifra)! }));
    }));
    for (const seed of CATALOGUE_SEEDERS) await seed(tx);
    // Demo patients and samples need the catalogue's assays.
    await seedDemoPatients(tx);
    await seedDemoSuppliers(tx);
    await seedDemoPanels(tx);
    await seedDemoTestPanels(tx, siteRows.map((row) => row.id));
    if (options.history) {
      const siteZones = await tx.select({ id: sites.id, sifra: sites.sifra, timeZone: sites.timeZone }).from(sites);
      await seedDemoHistory(tx, {
        now, sites: new Map(siteZones.map((row) => [row.sifra, { id: row.id, timeZone: row.timeZone }])),
        users: new Map(userRows.map((row) => [row.email, row.id])),
      }, { autoverification: options.autoverification ?? true });
    }
    return true;
  });
}

type Seeder = (db: Db) => Promise<void>;
/** Catalogue seeders (sections, assays, ranges, comments) appended by their modules. */
const CATALOGUE_SEEDERS: Seeder[] = [seedCatalogue];
