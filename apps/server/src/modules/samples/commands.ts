import {
  type PatientScope, type SampleSaveRequest, type SampleStatus, type SampleUpdateRequest, type Spol, calendarDateOf, formatSampleCode,
  fromMinorUnits, isSampleActionAllowed, isSampleLocked, nextStatus, patientAge, reconcileTests, sampleCodeDay, sampleFlagsProblem,
  assignPanels, pricePanels,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { announce, settleEditedSample, type SampleEvent } from '../results/service.ts';
import { siteTimeZone } from '../sites/service.ts';
import { assertReferralChoices } from '../catalogue/service.ts';
import { assertOrderingPartner } from '../partners/service.ts';
import { patientById } from '../patients/service.ts';
import { knownPanelRules, panelRulesFor } from '../test-panels/service.ts';
import { answerOf, selectionOf, type SampleAnswer } from './answers.ts';
import { assertOrderable, catalogueFor, patientByReference, pickerLookup } from './picker.ts';
import { allocateDayCounter, allocateDayCounters, sampleRepository, type SampleChanges, type SampleRow } from './repository.ts';
import { spolOf, statusOf } from './values.ts';

// The calls that change a sample: create, update, delete, comment, urgent star, reception. Each runs in
// one transaction with its audit rows, on the site's sample repository, so it can only change a sample of the calling site.

/** A sample's date may run ahead of the server clock by this much (a workstation clock slightly fast), never more. */
const CLOCK_SKEW_MS = 5 * 60_000;

function flagsOrRefuse(spol: Spol | null, flags: { trudnica: boolean; menopauza: boolean }): void {
  const problem = sampleFlagsProblem(spol, flags);
  if (problem) throw AppError.badRequest(problem, flags.trudnica ? 'trudnica' : 'menopauza');
}

function datumOrRefuse(datum: string | undefined, now: Date): Date | undefined {
  if (datum === undefined) return undefined;
  const instant = new Date(datum);
  if (instant.getTime() > now.getTime() + CLOCK_SKEW_MS) throw AppError.badRequest('sample.datumInvalid', 'datum');
  return instant;
}

/**
 * POST /uzorci/save: a new sample, status ZAPRIMLJEN, with the day's next code.
 * Prices come from the catalogue (components of calculated tests at 0), never from the client.
 */
export async function create(db: Db, ctx: RequestContext, input: SampleSaveRequest): Promise<SampleAnswer> {
  const patient = await patientByReference(db, input);
  const spol = spolOf(patient.spol);
  const flags = { trudnica: input.trudnica ?? false, menopauza: input.menopauza ?? false };
  flagsOrRefuse(spol, flags);
  await assertReferralChoices(db, { doktor: input.doktor, lokacija: input.lokacija });
  const partnerId = input.partner ?? null;
  if (partnerId) await assertOrderingPartner(db, partnerId);
  const now = new Date();
  const datum = datumOrRefuse(input.datum, now) ?? now;
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const scope: PatientScope = { ageDays: patientAge(patient, calendarDateOf(datum, timeZone))?.days ?? null, spol, ...flags };
  const catalogue = await catalogueFor(db, input.testovi, partnerId);
  await assertOrderable(db, input.testovi, catalogue, scope);
  const lookup = pickerLookup(catalogue);
  const outcome = reconcileTests([], input.testovi, lookup, 'new');
  if (!outcome.ok) throw new AppError(409, outcome.code, 'testovi');
  // Tests that came with a panel are the panel's, priced as the panel is charged (the domain's pricePanels).
  const panels = await panelRulesFor(db, ctx.siteId, input.paneli ?? []);
  const selection = pricePanels(assignPanels(outcome.selection, panels), panels, lookup);

  const sample = await db.transaction(async (tx) => {
    const samples = sampleRepository(tx, ctx.siteId);
    const codeDay = sampleCodeDay(calendarDateOf(now, timeZone));
    const rbr = await allocateDayCounter(tx, codeDay);
    const created = await samples.insertSample({
      patientId: patient.id, code: formatSampleCode(codeDay, rbr), rbr, status: 'ZAPRIMLJEN',
      hitan: input.hitan ?? false, tip: input.tip ?? 'Standard', type: input.type ?? '', ...flags, menstc: input.menstc ?? '',
      anticoag: input.anticoag ?? false, lokacija: input.lokacija ?? '', doktor: input.doktor ?? '', komentar: input.komentar, datum, partnerId,
      // The sample's day is read once, from the application's clock: its code, its datum when none is given and
      // the created_at the statistics and reports count it by, never the database's now(), whose clock may
      // differ by seconds and put a sample coded on one day into the next day's numbers.
      createdAt: now, createdBy: ctx.userId, updatedBy: ctx.userId,
    });
    await samples.insertSampleTests(created.id, selection.map((test) => ({
      labassayId: test.labassay, price: fromMinorUnits(test.price), componentOf: test.component_of, panelId: test.panel ?? null,
    })));
    await writeAudit(tx, ctx, {
      action: 'sample.create', entity: 'sample', entityId: created.id,
      newValue: {
        code: created.code, patient_id: patient.id, status: created.status, hitan: created.hitan, partner_id: partnerId,
        tests: selection.map((test) => test.labassay), ...(panels.length > 0 ? { panels: panels.map((panel) => panel._id) } : {}),
      },
    });
    return created;
  });
  return answerOf(db, ctx, sample);
}

const EDITABLE_FIELDS = ['hitan', 'tip', 'type', 'trudnica', 'menstc', 'anticoag', 'menopauza', 'lokacija', 'doktor', 'datum', 'partnerId'] as const;

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/**
 * POST /uzorci/update: the sample edit dialog. Refused once ODOBREN or
 * VERIFICIRAN. `testovi`, when sent, is the sample's whole list: new tests
 * are added (with components), tests left out are removed; leaving out a test
 * with a result, one a calculated test needs, or the last test is refused
 * (the domain's reconcileTests). One audit row per changed field, one for the tests.
 *
 * An edit of the tests, or of the date, pregnancy or menopause the results are
 * judged by, settles the results as a results save does (the results module's
 * settleEditedSample): calculated tests are recomputed from their components
 * (an added LDL whose components have results gets its value at once), flags
 * are judged afresh, and the status follows the tests as it follows the
 * results (a test without a result reopens a complete sample; removing the
 * one test still waiting completes it), each with its audit row. The whole edit
 * moves the sample once (version + 1); a sample it completes is announced as
 * 'result:completed' after commit.
 */
export async function update(db: Db, ctx: RequestContext, input: SampleUpdateRequest, realtime: RealtimeHub | undefined): Promise<SampleAnswer> {
  const now = new Date();
  const datum = datumOrRefuse(input.datum, now);
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const edit = await db.transaction(async (tx) => {
    const samples = sampleRepository(tx, ctx.siteId);
    const current = await samples.findSample(input.sid, { forUpdate: true });
    if (!current) throw AppError.notFound();
    if (isSampleLocked(statusOf(current.status))) throw AppError.conflict('sample.locked');
    const patient = await patientById(tx, current.patientId);
    if (!patient) throw new Error('sample without its patient');
    const spol = spolOf(patient.spol);
    const flags = { trudnica: input.trudnica ?? current.trudnica, menopauza: input.menopauza ?? current.menopauza };
    flagsOrRefuse(spol, flags);
    await assertReferralChoices(tx, { doktor: input.doktor, lokacija: input.lokacija }, { doktor: current.doktor, lokacija: current.lokacija });

    const requested: Partial<Record<(typeof EDITABLE_FIELDS)[number], unknown>> = {
      hitan: input.hitan, tip: input.tip, type: input.type, trudnica: input.trudnica, menstc: input.menstc, anticoag: input.anticoag,
      menopauza: input.menopauza, lokacija: input.lokacija, doktor: input.doktor, datum, partnerId: input.partner,
    };
    if (input.partner && input.partner !== current.partnerId) await assertOrderingPartner(tx, input.partner);
    const partnerId = input.partner === undefined ? current.partnerId : input.partner;
    const partnerChanged = partnerId !== current.partnerId;
    const changes: SampleChanges = {};
    const audit: AuditEntry[] = [];
    for (const field of EDITABLE_FIELDS) {
      const value = requested[field];
      if (value === undefined || sameValue(value, current[field])) continue;
      Object.assign(changes, { [field]: value });
      audit.push({ action: 'sample.update', entity: 'sample', entityId: current.id, field, oldValue: current[field], newValue: value });
    }

    let testsChanged = false;
    if (input.testovi !== undefined || partnerChanged) {
      const existingTests = await samples.testsOfSample(current.id);
      const existing = selectionOf(existingTests);
      // A new partner reprices the tests the sample keeps: its price list, or the catalogue without one.
      const wanted = input.testovi ?? existing.filter((test) => test.component_of === null).map((test) => test.labassay);
      const catalogue = await catalogueFor(tx, [...existing.map((test) => test.labassay), ...wanted], partnerId);
      const picked = wanted.filter((id) => !existing.some((test) => test.labassay === id));
      const scope: PatientScope = { ageDays: patientAge(patient, calendarDateOf(datum ?? current.datum, timeZone))?.days ?? null, spol, ...flags };
      await assertOrderable(tx, picked, catalogue, scope);
      const lookup = pickerLookup(catalogue);
      const outcome = reconcileTests(existing, wanted, lookup, 'edit');
      if (!outcome.ok) throw new AppError(409, outcome.code, 'testovi');
      if (partnerChanged) {
        outcome.selection = outcome.selection.map((test) => (test.component_of === null ? { ...test, price: lookup(test.labassay)?.price ?? test.price } : test));
      }
      // New panels mark their tests; a panel that gained or lost a test (or all of them, for a new partner) is priced again.
      const newPanels = await panelRulesFor(tx, ctx.siteId, input.paneli ?? []);
      const marked = assignPanels(outcome.selection, newPanels);
      const stillThere = new Set(marked.map((test) => test.labassay));
      const touched = new Set([
        ...existing.filter((test) => !stillThere.has(test.labassay)).map((test) => test.panel ?? null),
        ...marked.filter((test) => partnerChanged || !existing.some((old) => old.labassay === test.labassay)).map((test) => test.panel ?? null),
      ].filter((id): id is string => id !== null));
      const known = await knownPanelRules(tx, ctx.siteId, [...touched].filter((id) => !newPanels.some((panel) => panel._id === id)));
      const selection = pricePanels(marked, [...newPanels, ...known].filter((panel) => touched.has(panel._id)), lookup);
      const before = new Map(existing.map((test) => [test.labassay, test]));
      const after = new Map(selection.map((test) => [test.labassay, test]));
      const removed = [...before.keys()].filter((id) => !after.has(id));
      const added = selection.filter((test) => !before.has(test.labassay));
      const repriced = selection.filter((test) => {
        const old = before.get(test.labassay);
        return old !== undefined && (old.price !== test.price || old.component_of !== test.component_of || (old.panel ?? null) !== (test.panel ?? null));
      });
      await samples.deleteSampleTests(current.id, removed);
      // Added tests start without a result; settling the results below gives each its own status.
      await samples.insertSampleTests(current.id, added.map((test) => ({
        labassayId: test.labassay, price: fromMinorUnits(test.price), componentOf: test.component_of, panelId: test.panel ?? null,
      })));
      for (const test of repriced) {
        await samples.updateSampleTest(current.id, test.labassay, {
          price: fromMinorUnits(test.price), componentOf: test.component_of, panelId: test.panel ?? null,
        });
      }
      testsChanged = removed.length + added.length > 0;
      if (removed.length + added.length + repriced.length > 0) {
        audit.push({
          action: 'sample.tests', entity: 'sample', entityId: current.id, field: 'tests',
          oldValue: existing.map((test) => test.labassay), newValue: selection.map((test) => test.labassay),
        });
      }
    }
    if (audit.length === 0) return { sample: current, completion: null };

    let completion: SampleEvent | null = null;
    if (testsChanged || changes.datum !== undefined || changes.trudnica !== undefined || changes.menopauza !== undefined) {
      const settled = await settleEditedSample(tx, ctx, current.id, {
        datum: changes.datum ?? current.datum, trudnica: flags.trudnica, menopauza: flags.menopauza,
      });
      if (settled.status !== settled.from) changes.status = settled.status;
      audit.push(...settled.audit);
      completion = settled.completion;
    }
    const updated = await samples.updateSample(current.id, changes, ctx.userId);
    await writeAudit(tx, ctx, audit);
    return { sample: updated, completion };
  });
  announce(realtime, ctx.siteId, [edit.completion]);
  return answerOf(db, ctx, edit.sample);
}

/** POST /uzorci/delete: only while ZAPRIMLJEN; the tests (and any results) go with it. The code is never given again. */
export async function remove(db: Db, ctx: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const samples = sampleRepository(tx, ctx.siteId);
    const current = await samples.findSample(id, { forUpdate: true });
    if (!current) throw AppError.notFound();
    if (!isSampleActionAllowed('delete', { status: statusOf(current.status), pdf_exists: current.pdfExists })) {
      throw AppError.conflict('sample.deleteNotAllowed');
    }
    const tests = await samples.testsOfSample(current.id);
    await samples.deleteSample(current.id);
    await writeAudit(tx, ctx, {
      action: 'sample.delete', entity: 'sample', entityId: current.id,
      oldValue: {
        code: current.code, patient_id: current.patientId, status: current.status,
        tests: tests.map((test) => ({ labassay: test.labassayId, price: test.price, rezultat: test.rezultat })),
      },
    });
  });
}

/**
 * Changes one plain field of a sample that is not yet ODOBREN or VERIFICIRAN
 * (an approved sample is locked), with its audit row. The same value again
 * changes nothing and writes no audit row.
 */
async function setUnlockedField<F extends 'komentar' | 'hitan'>(
  db: Db, ctx: RequestContext, id: string, field: F, value: SampleRow[F],
): Promise<SampleRow[F]> {
  return db.transaction(async (tx) => {
    const samples = sampleRepository(tx, ctx.siteId);
    const current = await samples.findSample(id, { forUpdate: true });
    if (!current) throw AppError.notFound();
    if (isSampleLocked(statusOf(current.status))) throw AppError.conflict('sample.locked');
    if (current[field] === value) return value;
    await samples.updateSample(current.id, { [field]: value }, ctx.userId);
    await writeAudit(tx, ctx, { action: 'sample.update', entity: 'sample', entityId: current.id, field, oldValue: current[field], newValue: value });
    return value;
  });
}

/** The sample's comment ('' clears it). */
export function setComment(db: Db, ctx: RequestContext, id: string, komentar: string): Promise<string> {
  return setUnlockedField(db, ctx, id, 'komentar', komentar);
}

/** Sets or clears the urgent star. */
export function setUrgent(db: Db, ctx: RequestContext, id: string, hitan: boolean): Promise<boolean> {
  return setUnlockedField(db, ctx, id, 'hitan', hitan);
}

export interface ReceptionOutcome {
  received: boolean;
  uzorak: { _id: string; code: string; status: SampleStatus; hitan: boolean; pacijentRBr: number; received_at: string | null; pid: string };
}

/**
 * POST /uzorci/prijem: the tube is scanned at the lab of this site.
 * ZAPRIMLJEN -> U OBRADI with the time of receipt; a sample already past
 * ZAPRIMLJEN answers that it was received (nothing changes), so scanning twice
 * is harmless. Another site's code is not found.
 */
export async function receive(db: Db, ctx: RequestContext, code: string): Promise<ReceptionOutcome> {
  return db.transaction(async (tx) => {
    const samples = sampleRepository(tx, ctx.siteId);
    const current = await samples.findSampleByCode(code, { forUpdate: true });
    if (!current) throw AppError.notFound();
    const status = statusOf(current.status);
    const next = nextStatus(status, 'receive');
    const summary = (row: SampleRow) => ({
      _id: row.id, code: row.code, status: statusOf(row.status), hitan: row.hitan, pacijentRBr: row.rbr,
      received_at: row.receivedAt?.toISOString() ?? null, pid: row.patientId,
    });
    if (next === null) return { received: false, uzorak: summary(current) };
    const updated = await samples.updateSample(current.id, { status: next, receivedAt: new Date() }, ctx.userId);
    await writeAudit(tx, ctx, { action: 'sample.receive', entity: 'sample', entityId: current.id, field: 'status', oldValue: status, newValue: next });
    return { received: true, uzorak: summary(updated) };
  });
}


/** A sample the Excel import creates: its patient, its reference in the file and the tests it orders. */
export interface ImportedSample {
  patientId: string;
  importRef: string;
  testIds: readonly string[];
  partnerId: string | null;
  datum: Date;
  hitan: boolean;
}

/**
 * The Excel import's samples, in the caller's transaction: each ZAPRIMLJEN with the day's next code, its
 * tests priced as on save (catalogueFor: the partner's price list, calculated tests' components at 0,
 * reconcileTests), and its audit row, with every statement run once for all of them so a part of 500
 * rows costs a handful of statements. The tests must have been checked as orderable (known and enabled).
 * Answers the created samples in the order given.
 */
export async function createImportedSamples(tx: Tx, ctx: RequestContext, orders: readonly ImportedSample[]): Promise<SampleRow[]> {
  if (orders.length === 0) return [];
  const byPartner = new Map<string | null, Set<string>>();
  for (const order of orders) byPartner.set(order.partnerId, new Set([...(byPartner.get(order.partnerId) ?? []), ...order.testIds]));
  const lookups = new Map<string | null, ReturnType<typeof pickerLookup>>();
  for (const [partnerId, ids] of byPartner) lookups.set(partnerId, pickerLookup(await catalogueFor(tx, [...ids], partnerId)));
  const timeZone = await siteTimeZone(tx, ctx.siteId);
  // One instant for the batch's code day and created_at, from the application's clock (see create above).
  const now = new Date();
  const codeDay = sampleCodeDay(calendarDateOf(now, timeZone));
  const first = await allocateDayCounters(tx, codeDay, orders.length);
  const entries = orders.map((order, index) => {
    const lookup = lookups.get(order.partnerId);
    const outcome = lookup ? reconcileTests([], [...order.testIds], lookup, 'new') : null;
    if (!outcome?.ok) throw new Error('an imported order with tests that were not checked');
    const rbr = first + index;
    return {
      sample: {
        patientId: order.patientId, code: formatSampleCode(codeDay, rbr), rbr, status: 'ZAPRIMLJEN', hitan: order.hitan, partnerId: order.partnerId,
        importRef: order.importRef, datum: order.datum, createdAt: now, createdBy: ctx.userId, updatedBy: ctx.userId,
      },
      tests: outcome.selection.map((test) => ({ labassayId: test.labassay, price: fromMinorUnits(test.price), componentOf: test.component_of })),
    };
  });
  const created = await sampleRepository(tx, ctx.siteId).insertSamplesWithTests(entries);
  await writeAudit(tx, ctx, created.map((sample, index) => ({
    action: 'sample.create', entity: 'sample', entityId: sample.id,
    newValue: {
      code: sample.code, patient_id: sample.patientId, status: sample.status, hitan: sample.hitan, partner_id: sample.partnerId,
      import_ref: sample.importRef, tests: entries[index]?.tests.map((test) => test.labassayId) ?? [],
    },
  })));
  return created;
}

/** The site's samples with these import references (another site's are not found). */
export function importedSamples(tx: Tx, ctx: RequestContext, refs: readonly string[]): Promise<SampleRow[]> {
  return sampleRepository(tx, ctx.siteId).findSamplesByImportRef(refs);
}
