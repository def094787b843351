import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hl7ListAnswer, Hl7ShowAnswer, Partner } from '@lis/domain';
import { hl7Timestamp } from '@lis/analyser-protocols';
import { auditLog, externalOrders, hl7Messages, labAssays, patients, samples } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { REPORT_RESULTS, REPORT_TESTS, approvedSample, reportFixture, reportPatient, unlockAndReverify, verify, type ReportFixture } from '../reports/test-fixtures.ts';
import { claimNextHl7 } from './repository.ts';
import { startMllpReceiver, type MllpReceiver } from './test-fixtures.ts';
import { Hl7Worker } from './worker.ts';

// Results out to a hospital system over HL7 v2: a partner with an HL7 destination gets an ORU^R01 when a
// sample of theirs is verified (status F) or corrected (C), queued in the verification's transaction and
// sent over MLLP to a real TCP receiver in this test, which answers as told. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;
let receiver: MllpReceiver;
let partner: Partner;
/** How far the worker's clock is ahead: moved forward to make a retry due, without waiting. */
let aheadMs = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
  await t.database.db.update(labAssays).set({ loinc: '2345-7' }).where(eq(labAssays.id, f.cat.ids.GLU));
  receiver = await startMllpReceiver();
  const saved = await f.client.post(f.admin, '/partneri/save', {
    naziv: 'Opća bolnica HL7', vrste: ['narucilac'], hl7Host: '127.0.0.1', hl7Port: receiver.port,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  partner = saved.json<{ partner: Partner }>().partner;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

function worker(): Hl7Worker {
  return new Hl7Worker({ db: t.database.db, timeoutMs: 2_000, now: () => new Date(Date.now() + aheadMs) });
}

/** Moves the worker's clock past any back-off (the longest is 15 minutes). */
function later(): void {
  aheadMs += 16 * 60_000;
}

/** A sample the partner ordered, with the report fixtures' results, approved: ready to be verified. */
async function partnerSample(site = f.specialist.site): Promise<{ _id: string; code: string }> {
  const patientId = await reportPatient(f, undefined, site);
  const sample = await f.calls.createSample(f.specialist, patientId, REPORT_TESTS, { partner: partner._id }, site);
  await f.calls.saved(f.specialist, sample._id, REPORT_RESULTS, { site });
  await f.calls.moved(f.specialist, 'odobri', { sid: sample._id }, site);
  return sample;
}

async function messagesOf(sampleId: string) {
  return t.database.db.select().from(hl7Messages).where(eq(hl7Messages.sampleId, sampleId)).orderBy(hl7Messages.createdAt);
}

describe('partner HL7 destination', () => {
  it('is saved, shown and audited; a host without a port or a bad port is refused naming the field', async () => {
    expect(partner).toMatchObject({ hl7Host: '127.0.0.1', hl7Port: receiver.port });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, partner._id), eq(auditLog.action, 'partner.create')));
    expect(audit).toHaveLength(1);
    for (const [body, field] of [[{ hl7Host: 'his.local' }, 'hl7Port'], [{ hl7Host: 'his.local', hl7Port: 70000 }, 'hl7Port'], [{ hl7Host: 'a b', hl7Port: 2575 }, 'hl7Host']] as const) {
      const response = await f.client.post(f.admin, '/partneri/save', { naziv: `Bolnica ${field} ${JSON.stringify(body).length}`, ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, field });
    }
  });
});

describe('ORU^R01 to the partner', () => {
  it('a verified sample of the partner: queued with the verification, sent over MLLP, literally as HL7 wants it, marked sent on AA', async () => {
    const sample = await partnerSample();
    await verify(f, sample._id);
    const [queued] = await messagesOf(sample._id);
    expect(queued).toMatchObject({ status: 'queued', verzija: 1, host: '127.0.0.1', port: receiver.port, orderer: 'Opća bolnica HL7', attempts: 0 });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, queued!.id), eq(auditLog.action, 'hl7.queue')));
    expect(audit).toHaveLength(1);

    const before = receiver.received.length;
    expect(await worker().drain()).toBe(1);
    expect(receiver.received.length).toBe(before + 1);
    const text = receiver.received.at(-1)!;
    const [sent] = await messagesOf(sample._id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastReply: 'AA' });
    expect(sent!.sentAt).not.toBeNull();
    expect(text).toBe(sent!.body);
    expect(await oruLines(text, sample._id)).toEqual(expectedLines(sample.code, sent!.controlId, await patientOf(sample._id), 'F'));
  });

  it('a corrected report: a second ORU with the same content rules and every result status C', async () => {
    const sample = await partnerSample();
    await verify(f, sample._id);
    await worker().drain();
    await unlockAndReverify(f, sample._id, 'Ispravka komentara');
    const messages = await messagesOf(sample._id);
    expect(messages.map((message) => [message.verzija, message.status])).toEqual([[1, 'sent'], [2, 'queued']]);
    expect(await worker().drain()).toBe(1);
    const text = receiver.received.at(-1)!;
    const [, corrected] = await messagesOf(sample._id);
    expect(corrected).toMatchObject({ status: 'sent', controlId: expect.not.stringMatching(messages[0]!.controlId) as unknown });
    expect(await oruLines(text, sample._id)).toEqual(expectedLines(sample.code, corrected!.controlId, await patientOf(sample._id), 'C'));
  });

  it('a sample ordered by the hospital carries its placer order number in ORC-2 and OBR-2', async () => {
    const sample = await partnerSample();
    await t.database.db.insert(externalOrders).values({
      siteId: f.specialist.site, system: 'urn:lis:hl7:placer:Opca-bolnica', value: 'NAL-777^2345-7', sampleId: sample._id, labassayId: f.cat.ids.GLU, channel: 'hl7',
    });
    await verify(f, sample._id);
    const [message] = await messagesOf(sample._id);
    const lines = message!.body.split('\r');
    expect(lines[2]).toBe(`ORC|RE|NAL-777|${sample.code}||CM`);
    expect(lines[3]).toMatch(new RegExp(`^OBR\\|1\\|NAL-777\\|${sample.code}\\|`));
    await worker().drain();
  });
});

describe('retries', () => {
  it('AE is tried again after the back-off with the same control id, then AA marks it sent', async () => {
    const sample = await partnerSample();
    await verify(f, sample._id);
    receiver.answers.push({ code: 'AE', text: 'Nepoznat pacijent' });
    const before = receiver.received.length;
    await worker().drain();
    let [message] = await messagesOf(sample._id);
    expect(message).toMatchObject({ status: 'queued', attempts: 1, lastReply: 'AE: Nepoznat pacijent' });
    expect(message!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + aheadMs + 30_000);
    // Not due yet: nothing is sent.
    expect(await worker().drain()).toBe(0);
    later();
    expect(await worker().drain()).toBe(1);
    [message] = await messagesOf(sample._id);
    expect(message).toMatchObject({ status: 'sent', attempts: 2, lastReply: 'AA' });
    const copies = receiver.received.slice(before);
    expect(copies).toHaveLength(2);
    expect(copies[0]).toBe(copies[1]);
    expect(copies[0]).toContain(`|${message!.controlId}|`);
    const shown = await f.client.get(f.specialist, `/hl7/${message!.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<Hl7ShowAnswer>().attempts.map((attempt) => [attempt.outcome, attempt.reply])).toEqual([['retry', 'AE: Nepoznat pacijent'], ['sent', 'AA']]);
  });

  it('a receiver that is down: the message waits, and is sent exactly once when the receiver is back', async () => {
    const sample = await partnerSample();
    await verify(f, sample._id);
    await receiver.close();
    const before = receiver.received.length;
    await worker().drain();
    let [message] = await messagesOf(sample._id);
    expect(message).toMatchObject({ status: 'queued', attempts: 1 });
    expect(message!.lastReply).toContain('ECONNREFUSED');
    later();
    await worker().drain();
    [message] = await messagesOf(sample._id);
    expect(message).toMatchObject({ status: 'queued', attempts: 2 });
    await receiver.reopen();
    later();
    await worker().drain();
    later();
    await worker().drain();
    [message] = await messagesOf(sample._id);
    expect(message).toMatchObject({ status: 'sent', attempts: 3 });
    expect(receiver.received.slice(before)).toHaveLength(1);
  });

  it('a receiver that never answers: timed out and tried again; a worker that died mid-attempt leaves a claim taken again, with the same control id', async () => {
    const sample = await partnerSample();
    await verify(f, sample._id);
    receiver.answers.push('silence');
    const before = receiver.received.length;
    await new Hl7Worker({ db: t.database.db, timeoutMs: 300, now: () => new Date(Date.now() + aheadMs) }).drain();
    let [message] = await messagesOf(sample._id);
    expect(message).toMatchObject({ status: 'queued', attempts: 1 });
    expect(message!.lastReply).toContain('no answer');
    // A worker claims it and dies before it could settle: the claim goes stale and the message is sent again.
    later();
    const claimed = await claimNextHl7(t.database.db, new Date(Date.now() + aheadMs), new Date(0), crypto.randomUUID());
    expect(claimed?.id).toBe(message!.id);
    expect(await worker().drain()).toBe(0);
    aheadMs += 11 * 60_000;
    expect(await worker().drain()).toBe(1);
    [message] = await messagesOf(sample._id);
    expect(message).toMatchObject({ status: 'sent', attempts: 3 });
    const copies = receiver.received.slice(before);
    expect(copies).toHaveLength(2);
    expect(new Set(copies).size).toBe(1);
  });
});

describe('the outbound screen\'s calls', () => {
  it('lists the site\'s messages with their status, and a resend of a sent message goes out under a new control id', async () => {
    const sample = await partnerSample();
    await verify(f, sample._id);
    await worker().drain();
    const listed = await f.client.get(f.specialist, `/hl7/list?datum=SVE&filter=${sample.code}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [row] = listed.json<Hl7ListAnswer>().data;
    expect(row).toMatchObject({ status: 'sent', code: sample.code, narucilac: 'Opća bolnica HL7', odrediste: `127.0.0.1:${receiver.port}`, verzija: 1, attempts: 1 });
    const resent = await f.client.post(f.admin, '/hl7/resend', { id: row!._id });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'queued', code: 'hl7.resent' });
    const [again] = await messagesOf(sample._id);
    expect(again).toMatchObject({ status: 'queued', attempts: 0 });
    expect(again!.controlId).not.toBe(row!.control_id);
    expect(again!.body).toContain(`|ORU^R01^ORU_R01|${again!.controlId}|P|2.5.1`);
    await worker().drain();
    expect(receiver.received.at(-1)).toBe(again!.body);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, row!._id), eq(auditLog.action, 'hl7.resend')));
    expect(audit).toHaveLength(1);
    const bad = await f.client.post(f.admin, '/hl7/resend', { id: 'nije-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'id' });
  });

  it('a sample without a partner, or of a partner without a destination, queues nothing', async () => {
    const patientId = await reportPatient(f);
    const sample = await approvedSample(f, patientId);
    await verify(f, sample._id);
    expect(await messagesOf(sample._id)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------

interface PatientFacts { jmbg: string; birth: string }

async function patientOf(sampleId: string): Promise<PatientFacts> {
  const [row] = await t.database.db.select({ jmbg: patients.jmbg, birth: patients.datumRodjenja }).from(samples)
    .innerJoin(patients, eq(patients.id, samples.patientId)).where(eq(samples.id, sampleId));
  return { jmbg: row!.jmbg, birth: (row!.birth ?? '').replaceAll('-', '') };
}

/**
 * The message's segments with its timestamps checked against the sample and then written as <ts>, and the fixture's
 * code suffix as <cat>. A timestamp is a whole field of 14 digits: the control ID (MSH-10) can hold a run of 14
 * digits too, and stays as it is.
 */
async function oruLines(text: string, sampleId: string): Promise<string[]> {
  const [sample] = await t.database.db.select({ datum: samples.datum, verifiedAt: samples.verifiedAt }).from(samples).where(eq(samples.id, sampleId));
  const lines = text.split('\r');
  const obr = lines.find((line) => line.startsWith('OBR|'))!.split('|');
  expect(obr[7]).toBe(hl7Timestamp(sample!.datum));
  expect(obr[22]).toBe(hl7Timestamp(sample!.verifiedAt!));
  const [glu] = await t.database.db.select({ sifra: labAssays.sifra }).from(labAssays).where(eq(labAssays.id, f.cat.ids.GLU));
  const suffix = glu!.sifra.slice('GLU'.length);
  return lines.map((line) => line.replace(/(?<=\|)\d{14}(?=\||$)/g, '<ts>').replaceAll(suffix, '<cat>'));
}

function expectedLines(code: string, controlId: string, patient: PatientFacts, status: 'F' | 'C'): string[] {
  return [
    `MSH|^~\\&|LIS|Sarajevo|HIS|Opća bolnica HL7|<ts>||ORU^R01^ORU_R01|${controlId}|P|2.5.1`,
    `PID|1||${patient.jmbg}^^^JMBG||ČOLIĆ-ŠEHOVIĆ^ĐURĐA||${patient.birth}|F`,
    `ORC|RE||${code}||CM`,
    `OBR|1||${code}|11502-2^Laboratory report^LN|||<ts>|||||||||||||||<ts>||LAB|${status}`,
    `OBX|1|NM|CRP<cat>^CRP test^L||3.1|mg/L^mg/L^UCUM|<5|N|||${status}|||<ts>`,
    `OBX|2|NM|2345-7^GLU test^LN^GLU<cat>^GLU test^L||7.2|mmol/L^mmol/L^UCUM|3.9-6.1|H|||${status}|||<ts>`,
    `OBX|3|NM|K<cat>^K test^L||6.5|mmol/L^mmol/L^UCUM|3.5-5.1|HH|||${status}|||<ts>`,
    `OBX|4|NM|CHOL<cat>^CHOL test^L||5.0|mmol/L^mmol/L^UCUM|<5.2|N|||${status}|||<ts>`,
    `OBX|5|NM|HDL<cat>^HDL test^L||1.2|mmol/L^mmol/L^UCUM|>1.0|N|||${status}|||<ts>`,
    `OBX|6|NM|TG<cat>^TG test^L||1.1|mmol/L^mmol/L^UCUM|<1.7|N|||${status}|||<ts>`,
    `OBX|7|NM|LDL<cat>^LDL test^L||3.30|mmol/L^mmol/L^UCUM|<3.4|N|||${status}|||<ts>`,
    `OBX|8|CWE|HIV<cat>^HIV test^L||^Negativan||Negativan|N|||${status}|||<ts>`,
    '',
  ];
}
