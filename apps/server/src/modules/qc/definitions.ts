import { type ControlAnswer, type TargetAnswer, type WestgardRule, type controlElementSchema, WESTGARD_RULES } from '@lis/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { ListRequest } from '../../db/list-query.ts';
import { type ControlRowDb, listControls as listControlsSql, qcRepository } from './repository.ts';
import { isRule, isTargetSource } from './values.ts';

// Control lots with their targets and specimen ids, and the Westgard rules (and TEa) set per assay.

type ControlElement = z.output<typeof controlElementSchema>;

function controlRow(row: ControlRowDb) {
  return {
    _id: row.id, control: row.kontrola, created: row.createdAt.toISOString(), proizvodjac: row.proizvodjac, lot: row.lot,
    rok_trajanja: row.rokTrajanja, mod: row.mod,
  };
}

async function controlAnswer(db: Db, siteId: string, row: ControlRowDb): Promise<ControlAnswer> {
  const repository = qcRepository(db, siteId);
  const targets = await repository.targets(row.id);
  const uzorci = await repository.specimens(row.id);
  const ciljevi: TargetAnswer[] = targets.map((target) => ({
    labassay: target.labassayId, sifra: target.sifra, naziv: target.naziv, naziv_en: target.nazivEn, naziv_de: target.nazivDe, jedinica: target.jedinica, nivo: target.nivo,
    mean: target.mean, sd: target.sd, izvor: isTargetSource(target.izvor) ? target.izvor : 'proizvodjac',
    analyser: target.analyserId, analyser_ime: target.analyserIme,
  }));
  return { ...controlRow(row), ciljevi, uzorci_aparata: uzorci };
}

/** GET /kontrole/list: the site's control lots as a list screen reads them. */
export function listControls(db: Db, list: ListRequest<unknown>) {
  return listControlsSql(db, list);
}

/** GET /kontrole/definicija/:id: the lot with its targets. */
export async function definition(db: Db, ctx: RequestContext, id: string): Promise<ControlAnswer> {
  const row = await qcRepository(db, ctx.siteId).findControl(id);
  if (!row) throw AppError.notFound();
  return controlAnswer(db, ctx.siteId, row);
}

/**
 * POST /kontrole/definicija/save: adds a lot (without `_id`) or changes one of the caller's site, with its
 * targets (one per assay and level). Audited with the element before and after.
 */
export async function saveControl(db: Db, ctx: RequestContext, element: ControlElement): Promise<ControlAnswer> {
  const seen = new Set<string>();
  element.ciljevi.forEach((target, index) => {
    // One target per assay, level and analyser (the general target, no analyser, is one more).
    const key = `${target.labassay}:${target.nivo}:${target.analyser ?? ''}`;
    if (seen.has(key)) throw new AppError(400, 'qc.duplicateLevel', `element.ciljevi.${index}`, { field: `element.ciljevi.${index}` });
    seen.add(key);
  });
  const specimens = element.uzorci_aparata.map((entry) => ({ nivo: entry.nivo, uzorak: entry.uzorak }));
  const seenSpecimen = new Set<string>();
  const seenLevel = new Set<number>();
  specimens.forEach((entry, index) => {
    const field = `element.uzorci_aparata.${index}`;
    if (seenLevel.has(entry.nivo)) throw new AppError(400, 'qc.duplicateLevel', field, { field });
    if (seenSpecimen.has(entry.uzorak.toUpperCase())) throw new AppError(400, 'qc.specimenTaken', `${field}.uzorak`, { uzorak: entry.uzorak });
    seenLevel.add(entry.nivo);
    seenSpecimen.add(entry.uzorak.toUpperCase());
  });
  const values = { kontrola: element.control, proizvodjac: element.proizvodjac, lot: element.lot, rokTrajanja: element.rok_trajanja, mod: element.mod };
  const targets = element.ciljevi.map((target) => ({
    labassayId: target.labassay, nivo: target.nivo, mean: target.mean, sd: target.sd, izvor: target.izvor, analyserId: target.analyser,
  }));
  try {
    const saved = await db.transaction(async (tx) => {
      const repository = qcRepository(tx, ctx.siteId);
      const known = await repository.assaysExist([...new Set(targets.map((target) => target.labassayId))]);
      const unknown = targets.findIndex((target) => !known.has(target.labassayId));
      if (unknown >= 0) throw AppError.badRequest('form.invalid', `element.ciljevi.${unknown}.labassay`);
      // A target names an analyser of the caller's site; another site's (or no such) analyser is refused, naming the row.
      const ofSite = await repository.analysersOfSite(targets.flatMap((target) => (target.analyserId === null ? [] : [target.analyserId])));
      const foreign = targets.findIndex((target) => target.analyserId !== null && !ofSite.has(target.analyserId));
      if (foreign >= 0) throw AppError.badRequest('form.invalid', `element.ciljevi.${foreign}.analyser`);
      // A specimen id names one lot's level at the site: one another lot has is refused, naming it.
      const owners = await repository.specimenOwners(specimens.map((entry) => entry.uzorak));
      const taken = specimens.findIndex((entry) => {
        const owner = owners.get(entry.uzorak.toUpperCase());
        return owner !== undefined && owner !== element._id;
      });
      if (taken >= 0) throw new AppError(409, 'qc.specimenTaken', `element.uzorci_aparata.${taken}.uzorak`, { uzorak: specimens[taken]!.uzorak });
      const newValue = { ...values, ciljevi: targets, uzorciAparata: specimens };
      if (element._id === undefined) {
        const created = await repository.insertControl(values);
        await repository.replaceTargets(created.id, targets);
        await repository.replaceSpecimens(created.id, specimens);
        await writeAudit(tx, ctx, { action: 'qc.control.create', entity: 'qc_control', entityId: created.id, newValue });
        return created;
      }
      const before = await repository.findControl(element._id, { forUpdate: true });
      if (!before) throw AppError.notFound();
      const oldTargets = await repository.targets(before.id);
      const oldSpecimens = await repository.specimens(before.id);
      const updated = await repository.updateControl(before.id, values);
      await repository.replaceTargets(before.id, targets);
      await repository.replaceSpecimens(before.id, specimens);
      await writeAudit(tx, ctx, {
        action: 'qc.control.update', entity: 'qc_control', entityId: before.id,
        oldValue: {
          kontrola: before.kontrola, proizvodjac: before.proizvodjac, lot: before.lot, rokTrajanja: before.rokTrajanja, mod: before.mod,
          ciljevi: oldTargets.map(({ labassayId, nivo, mean, sd, izvor, analyserId }) => ({ labassayId, nivo, mean, sd, izvor, analyserId })),
          uzorciAparata: oldSpecimens,
        },
        newValue,
      });
      return updated;
    });
    return await controlAnswer(db, ctx.siteId, saved);
  } catch (error) {
    if (isUniqueViolation(error, 'qc_controls_site_lot_key')) throw AppError.conflict('qc.lotTaken', 'element.lot');
    // Another save took the specimen id between the check and the insert.
    if (isUniqueViolation(error, 'qc_control_specimens_site_uzorak_key')) {
      throw new AppError(409, 'qc.specimenTaken', 'element.uzorci_aparata', { uzorak: specimens.map((entry) => entry.uzorak).join(', ') });
    }
    throw error;
  }
}

/** The rules set per assay at the site (an assay without a row is judged by the classic multirule). */
export async function rules(db: Db, ctx: RequestContext) {
  const rows = await qcRepository(db, ctx.siteId).rules();
  return rows.map((row) => ({ labassay: row.labassayId, sifra: row.sifra, naziv: row.naziv, pravila: row.pravila.filter(isRule), tea: row.tea }));
}

/** POST /kontrole/pravila/save: the rules in force for an assay and its TEa (%). Audited. */
export async function saveRules(db: Db, ctx: RequestContext, labassayId: string, pravila: WestgardRule[], tea: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const repository = qcRepository(tx, ctx.siteId);
    if ((await repository.assaysExist([labassayId])).size === 0) throw AppError.badRequest('form.invalid', 'labassay');
    const before = await repository.rulesOf(labassayId);
    const ordered = WESTGARD_RULES.filter((rule) => pravila.includes(rule));
    await repository.saveRules(labassayId, ordered, tea);
    await writeAudit(tx, ctx, { action: 'qc.rules.save', entity: 'qc_assay_rules', entityId: labassayId, oldValue: before, newValue: { pravila: ordered, tea } });
  });
}
