import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LoginAnswer } from '@lis/domain';
import pg from 'pg';
import { inject, type ProvidedContext } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/index.ts';
import { RealtimeHub } from '../realtime/hub.ts';

/**
 * A migrated, seeded database for one test file: in-memory PGlite by default,
 * or a fresh database on the PostgreSQL server named by TEST_DATABASE_URL
 * (created here and dropped in close()). Under vitest both start from the run's image (global-setup.ts):
 * a copy of one migrated, seeded database, so a file does not migrate and seed again.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const image = providedImage();
  if (!serverUrl) {
    if (image?.kind === 'pglite') {
      return openDatabase({ pgliteImage: new Blob([readFileSync(image.file)]) });
    }
    const database = await openDatabase({});
    await seedDemo(database.db);
    return database;
  }
  const base = new URL(serverUrl);
  const name = `${base.pathname.slice(1) || 'lis'}_t${randomBytes(5).toString('hex')}`;
  const template = image?.kind === 'postgres' ? image.template : undefined;
  await createServerDatabase(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  if (!template) await seedDemo(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The run's image where vitest's global set-up made one; none when the harness runs outside it. */
function providedImage(): ProvidedContext['lisTestDatabaseImage'] | undefined {
  try {
    return inject('lisTestDatabaseImage');
  } catch {
    return undefined;
  }
}

/**
 * A copy of the template waits while another copy of it is being made (PostgreSQL refuses a template that
 * another session is reading: SQLSTATE 55006), so two workers starting files at once take turns.
 */
async function createServerDatabase(serverUrl: string, name: string, template: string | undefined): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  realtime: RealtimeHub;
  close(): Promise<void>;
}

/** An app server on an existing database: a second one on the same database is the same server after a restart. */
export async function buildTestApp(database: Database, realtime = new RealtimeHub()): Promise<FastifyInstance> {
  const app = await buildApp({
    db: database.db,
    logger: false,
    realtime,
    config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
  });
  await app.ready();
  return app;
}

export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDatabase();
  const realtime = new RealtimeHub();
  const app = await buildTestApp(database, realtime);
  return {
    app, database, realtime,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface SignedIn {
  token: string;
  site: string;
  sites: { _id: string; sifra: string }[];
  userId: string;
}

let ipCounter = 0;

/** Signs a demo user in; each call comes from its own address so throttling tests stay independent. */
export async function signIn(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD): Promise<SignedIn> {
  ipCounter += 1;
  const response = await app.inject({
    method: 'POST', url: '/api/login/users', payload: { email, password, returnSecureToken: true },
    remoteAddress: `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
  const { data } = response.json<LoginAnswer>();
  return { token: data.idToken, site: data.site, sites: data.sites, userId: data.localId };
}

export function siteId(user: SignedIn, sifra: string): string {
  const site = user.sites.find((item) => item.sifra === sifra);
  if (!site) throw new Error(`user has no site ${sifra}`);
  return site._id;
}

export function json(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json<Record<string, unknown>>();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded database each server test file starts from (see global-setup.ts). Declared here, beside its reader, so every program that includes the harness (bench scripts use its fixtures) knows it. */
    lisTestDatabaseImage: { kind: 'pglite'; file: string } | { kind: 'postgres'; template: string };
  }
}
