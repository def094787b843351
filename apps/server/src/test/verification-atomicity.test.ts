import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { NOTIFIED, approvedSample, reportFixture, type ReportFixture } from '../modules/reports/test-fixtures.ts';
import { daysAgo, jmbgFor, registerPatient } from '../modules/samples/test-fixtures.ts';
import { createTestApp, signIn, type TestApp } from './harness.ts';

// A verification, the report version it issues and the e-mail it queues are one transaction. The database
// here refuses one of the writes for one sample only (a trigger this test installs raises for that sample_id),
// the way a full disk, a constraint or a bug in the report's path would: the verification must then be
// refused as a whole (a clear answer, no stack), the sample still ODOBREN with no report version, no mail
// queued and no audit row of a verification. Splitting the transaction (the status in one, the report or
// the mail in another) leaves a verified sample without its report or mail, and these tests fail.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
});
afterAll(async () => { await t.close(); });

/** An approved sample of a patient with an e-mail address, so its verification queues a mail. */
async function mailedSample(): Promise<{ _id: string; code: string }> {
  const patient = await registerPatient(f.client, f.admin, jmbgFor(daysAgo(35 * 365 + Math.floor(Math.random() * 3000)), 'ŽENSKI'), {
    ime: 'Amra', prezime: 'Odbijena', spol: 'ŽENSKI', email: 'amra@example.test', language: ['Bosanski jezik', 'Engleski jezik'],
  });
  return approvedSample(f, patient._id);
}

/** Makes the database refuse every insert into `table` for the one sample: the test's stand-in for a failing write. */
async function refuseInsertsFor(table: 'report_versions' | 'outbox_messages', sampleId: string): Promise<() => Promise<void>> {
  const name = `refuse_${table}`;
  await t.database.db.execute(sql.raw(`
    create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      if new.sample_id = '${sampleId}'::uuid then raise exception 'refused by the test for this sample'; end if;
      return new;
    end $$`));
  await t.database.db.execute(sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`));
  return async () => {
    await t.database.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await t.database.db.execute(sql.raw(`drop function ${name}()`));
  };
}

interface Stored { status: string; version: number; verified_at: Date | string | null; reports: number; mails: number; verify_audits: number; report_audits: number }

async function stored(sampleId: string): Promise<Stored> {
  const [row] = await queryRows<Stored>(t.database.db, sql`
    select s.status, s.version, s.verified_at,
      (select count(*)::int from report_versions v where v.sample_id = s.id) as reports,
      (select count(*)::int from outbox_messages m where m.sample_id = s.id) as mails,
      (select count(*)::int from audit_log a where a.entity = 'sample' and a.entity_id = s.id::text
        and a.action in ('sample.verify', 'sample.acknowledge')) as verify_audits,
      (select count(*)::int from audit_log a where a.entity = 'report' and a.entity_id = s.id::text) as report_audits
    from samples s where s.id = ${sampleId}::uuid`);
  if (!row) throw new Error('sample not found');
  return row;
}

function verifyCall(sid: string) {
  return f.calls.move(f.specialist, 'verifikuj', { sid, obavijesten: NOTIFIED });
}

describe('a verification whose report or mail the database refuses', () => {
  for (const table of ['report_versions', 'outbox_messages'] as const) {
    it(`is refused as a whole when the insert into ${table} fails: still ODOBREN, no report, no mail, no audit of a verification`, async () => {
      const victim = await mailedSample();
      const other = await mailedSample();
      const before = await stored(victim._id);
      expect(before).toMatchObject({ status: 'ODOBREN', reports: 0, mails: 0, verify_audits: 0, report_audits: 0, verified_at: null });

      const allow = await refuseInsertsFor(table, victim._id);
      try {
        const refused = await verifyCall(victim._id);
        // A server-side failure the caller cannot fix: 500 with the save's plain refusal ("Greška prilikom upisa!"),
        // never a stack or the database's own text.
        expect(refused.statusCode, refused.body).toBe(500);
        expect(refused.json()).toEqual({ success: false, message: 'Greška prilikom upisa!', code: 'save.failed' });
        expect(refused.body).not.toMatch(/refused by the test|at .*\.ts|stack/i);
        expect(await stored(victim._id)).toEqual(before);
        const shown = await f.calls.show(f.specialist, victim._id);
        expect(shown.uzorak.pdf_exists).toBe(false);

        // The trigger refuses that one sample only: another is verified with its report and its mail meanwhile.
        expect((await verifyCall(other._id)).statusCode).toBe(200);
        expect(await stored(other._id)).toMatchObject({ status: 'VERIFICIRAN', reports: 2, mails: 1, verify_audits: 2, report_audits: 2 });
      } finally {
        await allow();
      }

      // Nothing half done was left to block it: once the database accepts the writes, the same call verifies it whole.
      const accepted = await verifyCall(victim._id);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await stored(victim._id)).toMatchObject({ status: 'VERIFICIRAN', version: before.version + 1, reports: 2, mails: 1, verify_audits: 2, report_audits: 2 });
    });
  }
});
