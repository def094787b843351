import { eq } from 'drizzle-orm';
import type { OutboxListAnswer, OutboxShowAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import {
  approvedSample, reportFixture, reportPdf, unlockAndReverify, verify, type ReportFixture,
} from '../reports/test-fixtures.ts';
import { daysAgo, jmbgFor, registerPatient } from '../samples/test-fixtures.ts';
import { smtpMailer } from './mailer.ts';
import { startSmtpPeer, type SmtpPeer } from './test-fixtures.ts';
import { OutboxWorker } from './worker.ts';

// The whole path: a specialist verifies a sample, the reports module issues the PDFs and the outbox queues
// the patient's mail in that same transaction; the worker sends it through a real SMTP server with the
// very bytes GET /nalazi/pdf serves. A correction (unlock, verify again) is mailed as a corrected report.

let t: TestApp;
let f: ReportFixture;
let peer: SmtpPeer;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

async function patient(email: string, language: string[]) {
  return (await registerPatient(f.client, f.admin, jmbgFor(daysAgo(40 * 365 + Math.floor(Math.random() * 3000)), 'ŽENSKI'), {
    ime: 'Šejla', prezime: 'Ćatić-Đogić', spol: 'ŽENSKI', email, language,
  }))._id;
}

function send() {
  return new OutboxWorker({ db: t.database.db, mailer: smtpMailer(peer.url), from: 'Lab <nalazi@lab.example>' }).drain();
}

async function messagesOf(sid: string) {
  const response = await f.client.get(f.specialist, '/outbox/list?datum=SVE&per_page=0');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutboxListAnswer>().data.filter((row) => row.idNalaza === sid);
}

describe('verification queues the report mail', () => {
  it('sends the issued PDFs of every language to the patient; a correction goes out as a corrected report', async () => {
    const sample = await approvedSample(f, await patient('sejla@example.test', ['Bosanski jezik', 'Engleski jezik']));
    await verify(f, sample._id);
    const [queued] = await messagesOf(sample._id);
    expect(queued).toMatchObject({ status: 'queued', email: 'sejla@example.test', prilozi: 2, code: sample.code });

    await send();
    const mail = peer.received.find((received) => received.subject?.includes(sample.code));
    expect(mail?.subject).toBe(`Laboratorijski nalaz: Šejla Ćatić-Đogić, uzorak ${sample.code}`);
    const bs = await reportPdf(f, f.specialist, sample._id, '?jezik=bs&verzija=1');
    const en = await reportPdf(f, f.specialist, sample._id, '?jezik=en&verzija=1');
    expect(mail!.attachments.map((attachment) => attachment.filename)).toEqual([`nalaz-${sample.code}-bs.pdf`, `nalaz-${sample.code}-en.pdf`]);
    expect(mail!.attachments[0]!.content.equals(bs.bytes)).toBe(true);
    expect(mail!.attachments[1]!.content.equals(en.bytes)).toBe(true);
    const detail = (await f.client.get(f.specialist, `/outbox/${queued!._id}`)).json<OutboxShowAnswer>();
    expect(detail.poruka.status).toBe('sent');
    expect(detail.poruka.prilozi_lista.map((attachment) => [attachment.jezik, attachment.verzija])).toEqual([['bs', 1], ['en', 1]]);

    await unlockAndReverify(f, sample._id, 'Pogrešno unesen kalij');
    await send();
    const corrected = peer.received.find((received) => received.subject?.startsWith('Korigovani') && received.subject.includes(sample.code));
    expect(corrected?.attachments.map((attachment) => attachment.filename)).toEqual([`nalaz-${sample.code}-bs-v2.pdf`, `nalaz-${sample.code}-en-v2.pdf`]);
    expect(corrected!.attachments[0]!.content.equals((await reportPdf(f, f.specialist, sample._id, '?jezik=bs&verzija=2')).bytes)).toBe(true);
    expect((await messagesOf(sample._id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('queues nothing for a patient without an address, and the verification still commits', async () => {
    const sample = await approvedSample(f, await patient('', ['Bosanski jezik']));
    await verify(f, sample._id);
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.sampleId, sample._id))).toEqual([]);
  });
});
