import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Partner } from '@lis/domain';
import { auditLog, hl7Messages } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { REPORT_RESULTS, REPORT_TESTS, reportFixture, reportPatient, unlockAndReverify, verify, type ReportFixture } from '../reports/test-fixtures.ts';
import { startMllpReceiver, type MllpReceiver } from './test-fixtures.ts';
import { Hl7Worker } from './worker.ts';

// Results out to a referring location's hospital system: a location (settings, 'lokacije') may carry an HL7
// destination like a partner; a verified sample naming the location queues an ORU^R01 for it, sent over MLLP to a
// real TCP receiver in this test. A sample whose partner and location both have one goes to each distinct
// destination once. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;
let ward: MllpReceiver;
let hospital: MllpReceiver;
let partner: Partner;

async function saveLocation(lokacija: Record<string, unknown>) {
  return f.client.post(f.admin, '/postavke/lokacije/edit', { lokacija });
}

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
  [ward, hospital] = await Promise.all([startMllpReceiver(), startMllpReceiver()]);
  const saved = await f.client.post(f.admin, '/partneri/save', { naziv: 'Kantonalna bolnica', vrste: ['narucilac'], hl7Host: '127.0.0.1', hl7Port: hospital.port });
  expect(saved.statusCode, saved.body).toBe(200);
  partner = saved.json<{ partner: Partner }>().partner;
  for (const [naziv, port] of [['Interna klinika', ward.port], ['Hirurgija', hospital.port], ['Ambulanta bez HIS-a', null]] as const) {
    const location = await saveLocation({ naziv, ...(port ? { hl7Host: '127.0.0.1', hl7Port: port } : {}) });
    expect(location.statusCode, location.body).toBe(200);
  }
});
afterAll(async () => {
  await Promise.all([ward.close(), hospital.close()]);
  await t.close();
});

function worker(): Hl7Worker {
  return new Hl7Worker({ db: t.database.db, timeoutMs: 2_000 });
}

/** A sample from the location (and the partner, when given), results entered and approved: ready to be verified. */
async function sampleFrom(lokacija: string, withPartner = false): Promise<{ _id: string; code: string }> {
  const patientId = await reportPatient(f, ['Bosanski jezik']);
  const sample = await f.calls.createSample(f.specialist, patientId, REPORT_TESTS, { lokacija, ...(withPartner ? { partner: partner._id } : {}) });
  await f.calls.saved(f.specialist, sample._id, REPORT_RESULTS);
  await f.calls.moved(f.specialist, 'odobri', { sid: sample._id });
  return sample;
}

async function messagesOf(sampleId: string) {
  return t.database.db.select().from(hl7Messages).where(eq(hl7Messages.sampleId, sampleId)).orderBy(hl7Messages.createdAt);
}

describe('the HL7 destination of a referring location', () => {
  it('is saved with the location; a host without a port, a bad port or a bad host is refused naming the field', async () => {
    const listed = (await f.client.get(f.admin, '/postavke/lokacije/list')).json<{ data: Record<string, unknown>[] }>().data;
    expect(listed.find((row) => row.naziv === 'Interna klinika')).toMatchObject({ hl7Host: '127.0.0.1', hl7Port: ward.port });
    expect(listed.find((row) => row.naziv === 'Ambulanta bez HIS-a')).toMatchObject({ hl7Host: '', hl7Port: null });
    for (const [body, field] of [
      [{ hl7Host: 'his.local' }, 'lokacija.hl7Port'],
      [{ hl7Host: 'his.local', hl7Port: 70000 }, 'lokacija.hl7Port'],
      [{ hl7Host: 'his.local', hl7Port: 'x' }, 'lokacija.hl7Port'],
      [{ hl7Host: 'a b', hl7Port: 2575 }, 'lokacija.hl7Host'],
      [{ hl7Port: 2575 }, 'lokacija.hl7Host'],
    ] as const) {
      const response = await saveLocation({ naziv: 'Loša lokacija', ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, field });
    }
  });

  it('a verified sample of the location: the ORU^R01 is queued for the location, received by its MLLP receiver (F), and a correction sends C', async () => {
    const sample = await sampleFrom('Interna klinika');
    await verify(f, sample._id);
    const [queued] = await messagesOf(sample._id);
    expect(queued).toMatchObject({ status: 'queued', verzija: 1, host: '127.0.0.1', port: ward.port, orderer: 'Interna klinika', partnerId: null });
    expect(queued!.locationId).toMatch(/^[0-9a-f-]{36}$/);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, queued!.id), eq(auditLog.action, 'hl7.queue')));
    expect(audit[0]?.newValue).toMatchObject({ location: queued!.locationId, destination: `127.0.0.1:${ward.port}` });

    const before = ward.received.length;
    expect(await worker().drain()).toBe(1);
    expect(ward.received.length).toBe(before + 1);
    const text = ward.received.at(-1)!;
    expect(text).toBe(queued!.body);
    const lines = text.split('\r');
    expect(lines[0]).toMatch(new RegExp(`^MSH\\|\\^~\\\\&\\|LIS\\|[^|]*\\|HIS\\|Interna klinika\\|\\d{14}\\|\\|ORU\\^R01\\^ORU_R01\\|${queued!.controlId}\\|P\\|2\\.5\\.1$`));
    expect(lines.find((line) => line.startsWith('OBR|'))).toMatch(new RegExp(`^OBR\\|1\\|\\|${sample.code}\\|.*\\|F$`));
    expect(lines.filter((line) => line.startsWith('OBX|'))).toHaveLength(8);
    expect(lines.filter((line) => line.startsWith('OBX|')).every((line) => line.split('|')[11] === 'F')).toBe(true);
    expect((await messagesOf(sample._id))[0]).toMatchObject({ status: 'sent', lastReply: 'AA' });

    await unlockAndReverify(f, sample._id, 'Ispravka nalaza');
    const [, corrected] = await messagesOf(sample._id);
    expect(corrected).toMatchObject({ verzija: 2, port: ward.port, status: 'queued' });
    expect(await worker().drain()).toBe(1);
    const correction = ward.received.at(-1)!.split('\r');
    expect(correction.find((line) => line.startsWith('OBR|'))).toMatch(/\|C$/);
    expect(correction.filter((line) => line.startsWith('OBX|')).every((line) => line.split('|')[11] === 'C')).toBe(true);
  });

  it('partner and location with different destinations: one message to each; with the same destination: one message', async () => {
    const both = await sampleFrom('Interna klinika', true);
    await verify(f, both._id);
    const two = await messagesOf(both._id);
    expect(two.map((message) => [message.orderer, message.port]).sort()).toEqual([['Interna klinika', ward.port], ['Kantonalna bolnica', hospital.port]].sort());

    const same = await sampleFrom('Hirurgija', true);
    await verify(f, same._id);
    const one = await messagesOf(same._id);
    expect(one.map((message) => [message.orderer, message.port, message.partnerId])).toEqual([['Kantonalna bolnica', hospital.port, partner._id]]);
    await worker().drain();
  });

  it('a location without a destination, or a sample without a location, queues nothing', async () => {
    for (const lokacija of ['Ambulanta bez HIS-a', '']) {
      const sample = await sampleFrom(lokacija);
      await verify(f, sample._id);
      expect(await messagesOf(sample._id)).toEqual([]);
    }
  });
});
