import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, externalOrders, labAssays, patients, sampleTests, samples } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { createResultCatalogue, type ResultCatalogue } from '../results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, type Api } from '../samples/test-fixtures.ts';
import { Hl7OrderListeners } from './listener.ts';

// Orders in over HL7 v2 through the real listener, sent by python3-hl7's mllp_send (an independent peer):
// an ORM^O01 creates its patient and sample as a FHIR order would, once however often it is sent, and
// what cannot be taken is answered AE or AR with the reason in MSA-3 and ERR. PGlite, and PostgreSQL with
// TEST_DATABASE_URL.

const HOST = '127.0.0.1';
let t: TestApp;
let client: Api;
let admin: SignedIn;
let cat: ResultCatalogue;
let listeners: Hl7OrderListeners;
let port: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  cat = await createResultCatalogue(t.database.db);
  await t.database.db.update(labAssays).set({ loinc: '2345-7' }).where(eq(labAssays.id, cat.ids.GLU));
  port = await freePort();
  const saved = await client.post(admin, '/hl7/ulaz', { port });
  expect(saved.statusCode, saved.body).toBe(200);
  listeners = new Hl7OrderListeners(t.database.db, { host: HOST });
  await listeners.start();
  expect(listeners.state(admin.site)).toEqual({ port, stanje: 'listening', greska: null });
});
afterAll(async () => {
  await listeners.stop();
  await t.close();
});

/** Sends one message with mllp_send (segments one a line, --loose) and answers what it printed: the acknowledgement. */
async function mllpSend(message: string): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lis-hl7-in-')), 'order.hl7');
  writeFileSync(file, `${message.split('\r').filter(Boolean).join('\n')}\n`);
  const { stdout } = await promisify(execFile)('mllp_send', ['--loose', '--port', String(port), '--file', file, HOST], { encoding: 'utf8', timeout: 20_000 });
  return stdout;
}

function orm(controlId: string, placer: string, jmbg: string, obr4: string[], type = 'ORM^O01'): string {
  return [
    `MSH|^~\\&|HIS|Opća bolnica|LIS|Lab|20261128100000||${type}|${controlId}|P|2.5.1`,
    `PID|1||${jmbg}^^^JMBG||Hodžić^Amra||19800101|F|||Titova 1^^Sarajevo^^71000||061123456`,
    `ORC|NW|${placer}`,
    ...obr4.map((code, index) => `OBR|${index + 1}|${placer}||${code}`),
  ].join('\r');
}

describe('ORM^O01 / OML^O21 over MLLP', () => {
  it('creates the patient and the sample with its tests (LOINC and the lab\'s own code), AA; the same order again creates nothing', async () => {
    const jmbg = jmbgFor(daysAgo(40 * 365), 'ŽENSKI');
    const message = orm('HIS-1', 'NAL-100', jmbg, ['2345-7^Glukoza^LN', `${cat.sifra.K}^Kalij^L`]);
    expect(await mllpSend(message)).toMatch(/MSA\|AA\|HIS-1/);
    const [patient] = await t.database.db.select({ id: patients.id, prezime: patients.prezime }).from(patients).where(eq(patients.jmbg, jmbg));
    expect(patient).toBeDefined();
    const created = await t.database.db.select({ id: samples.id, siteId: samples.siteId }).from(samples).where(eq(samples.patientId, patient!.id));
    expect(created).toHaveLength(1);
    expect(created[0]!.siteId).toBe(admin.site);
    const tests = await t.database.db.select({ labassayId: sampleTests.labassayId }).from(sampleTests).where(eq(sampleTests.sampleId, created[0]!.id));
    expect(tests.map((test) => test.labassayId).sort()).toEqual([cat.ids.GLU, cat.ids.K].sort());
    const orders = await t.database.db.select({ value: externalOrders.value, channel: externalOrders.channel }).from(externalOrders).where(eq(externalOrders.sampleId, created[0]!.id));
    expect(orders.map((order) => order.channel)).toEqual(['hl7', 'hl7']);
    expect(orders.map((order) => order.value).sort()).toEqual(['NAL-100^2345-7', `NAL-100^${cat.sifra.K}`].sort());
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, created[0]!.id));
    expect(audit.length).toBeGreaterThan(0);

    // Sent again (a retry of the HIS, another control id): acknowledged, nothing new.
    expect(await mllpSend(message.replace('|HIS-1|', '|HIS-2|'))).toMatch(/MSA\|AA\|HIS-2/);
    expect(await t.database.db.select({ id: samples.id }).from(samples).where(eq(samples.patientId, patient!.id))).toHaveLength(1);
  });

  it('an OML^O21 is taken like an ORM', async () => {
    const jmbg = jmbgFor(daysAgo(50 * 365), 'MUŠKI');
    expect(await mllpSend(orm('HIS-3', 'NAL-200', jmbg, ['2345-7^Glukoza^LN'], 'OML^O21^OML_O21'))).toMatch(/MSA\|AA\|HIS-3/);
    const [patient] = await t.database.db.select({ id: patients.id }).from(patients).where(eq(patients.jmbg, jmbg));
    expect(await t.database.db.select({ id: samples.id }).from(samples).where(eq(samples.patientId, patient!.id))).toHaveLength(1);
  });

  it('refuses what it cannot take with the reason in MSA-3 and ERR: an unknown test, no placer number, a bad JMBG, no address (AE), no order (AR)', async () => {
    const jmbg = jmbgFor(daysAgo(30 * 365), 'ŽENSKI');
    const unknown = await mllpSend(orm('HIS-4', 'NAL-300', jmbg, ['99999-9^Nepoznato^LN']));
    expect(unknown).toMatch(/MSA\|AE\|HIS-4\|[^\r\n]*99999-9[^\r\n]*\(OBR-4\)/);
    expect(unknown).toMatch(/ERR\|\|OBR\^1\^4\|103\^Table value not found\^HL70357\|E\|/);
    const noPlacer = await mllpSend(orm('HIS-5', '', jmbg, ['2345-7^Glukoza^LN']));
    expect(noPlacer).toMatch(/MSA\|AE\|HIS-5\|The placer order number is missing \(ORC-2\)/);
    const badJmbg = await mllpSend(orm('HIS-6', 'NAL-301', '1234567890123', ['2345-7^Glukoza^LN']));
    expect(badJmbg).toMatch(/MSA\|AE\|HIS-6\|[^\r\n]*\(PID-3\)/);
    const noAddress = await mllpSend(orm('HIS-8', 'NAL-303', jmbg, ['2345-7^Glukoza^LN']).replace('|||Titova 1^^Sarajevo^^71000||061123456', '||||||061123456'));
    expect(noAddress).toMatch(/MSA\|AE\|HIS-8\|[^\r\n]*\(PID-11\)/);
    const adt = await mllpSend(orm('HIS-7', 'NAL-302', jmbg, ['2345-7^Glukoza^LN'], 'ADT^A01'));
    expect(adt).toMatch(/MSA\|AR\|HIS-7\|ADT\\S\\A01 is not taken/);
    expect(await t.database.db.select({ id: patients.id }).from(patients).where(eq(patients.jmbg, jmbg))).toEqual([]);
  });
});
