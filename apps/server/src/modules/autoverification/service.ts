// The autoverification module's calls, as the routes import them: the site's rule set (its versions, the draft's
// edit, activation and the kill switch, all audited), the simulation of the draft over past results
// (simulation.ts), a sample's judgement for the result screen; and, for the composition root, the engine that
// judges complete samples after their save has committed (engine.ts).
import {
  type AutoverificationAnswer, type DraftSaveBody, type RuleSetVersion, type SampleJudgementAnswer, type Simulation, autoverificationRulesSchema, can, isRole,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { show as resultScreen } from '../results/service.ts';
import { assayChoices, autoverificationRepository, knownAssays, type RuleSetRow } from './repository.ts';

export { autoverificationIdle, connectEngine, resultsCompleted, resultsProgressed } from './engine.ts';
export { simulate } from './simulation.ts';

function versionAnswer(row: RuleSetRow): RuleSetVersion {
  return {
    _id: row.id, naziv: row.naziv, verzija: row.verzija, pravila: autoverificationRulesSchema.parse(row.pravila),
    aktivirana: row.activatedAt?.toISOString() ?? null, aktivirao: row.aktivirao, izmijenjena: row.updatedAt.toISOString(),
  };
}

/** GET /autoverifikacija: the kill switch, the active version, the draft with its last simulation, the assays a rule may name. */
export async function showRuleSets(db: Db, ctx: RequestContext): Promise<Omit<AutoverificationAnswer, 'success'>> {
  const repository = autoverificationRepository(db, ctx.siteId);
  const [ukljuceno, odgovorni, verifikatori, aktivna, nacrt, testovi] = await Promise.all([
    repository.switchedOn(), repository.responsible(), siteVerifiers(db, ctx.siteId), repository.active(), repository.draft(), assayChoices(db),
  ]);
  return {
    ukljuceno,
    odgovorni: odgovorni?.id ?? null,
    verifikatori,
    aktivna: aktivna ? versionAnswer(aktivna) : null,
    nacrt: nacrt ? versionAnswer(nacrt) : null,
    simulacija: (nacrt?.simulacija as Simulation | null | undefined) ?? null,
    testovi,
  };
}

/**
 * POST /autoverifikacija/nacrt: saves the draft (a new version numbered after the newest, when there is none:
 * starting from the active one is the screen's). Audited with the rules before and after.
 */
export async function saveDraft(db: Db, ctx: RequestContext, body: DraftSaveBody): Promise<void> {
  const input = { naziv: body.naziv.trim(), pravila: autoverificationRulesSchema.parse(body.pravila) };
  const named = input.pravila.rules.flatMap((rule) => (rule.labassay ? [rule.labassay] : []));
  if ((await knownAssays(db, named)) !== named.length) throw new AppError(400, 'autoverification.unknownAssay', 'pravila.rules');
  await db.transaction(async (tx) => {
    const repository = autoverificationRepository(tx, ctx.siteId);
    const draft = await repository.draft({ forUpdate: true });
    if (draft) {
      await repository.updateDraft(draft.id, input.naziv, input.pravila);
      await writeAudit(tx, ctx, {
        action: 'autoverification.draft.update', entity: 'autoverification_rule_set', entityId: draft.id, field: `v${draft.verzija}`,
        oldValue: { naziv: draft.naziv, pravila: draft.pravila }, newValue: input,
      });
      return;
    }
    const verzija = await repository.nextVersion();
    const id = await repository.insertDraft(input.naziv, input.pravila, verzija, ctx.userId);
    await writeAudit(tx, ctx, { action: 'autoverification.draft.create', entity: 'autoverification_rule_set', entityId: id, field: `v${verzija}`, newValue: input });
  });
}

/**
 * POST /autoverifikacija/aktiviraj: activates the draft the user saw (409 when it changed since). Without a
 * simulation of its current content, or when that simulation found results the rules would have released which a
 * person later changed or unlocked, it takes a second confirmation (`potvrda`). Audited with what the simulation said.
 */
export async function activate(db: Db, ctx: RequestContext, body: { verzija: number; potvrda: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    const repository = autoverificationRepository(tx, ctx.siteId);
    const draft = await repository.draft({ forUpdate: true });
    if (!draft) throw AppError.conflict('autoverification.noDraft');
    if (draft.verzija !== body.verzija) throw AppError.conflict('autoverification.versionConflict', 'verzija');
    const simulation = draft.simulacija as Simulation | null;
    const safe = simulation !== null && simulation.rizicni.length === 0;
    if (!safe && !body.potvrda) throw new AppError(409, 'autoverification.confirmationRequired', 'potvrda');
    await repository.activate(draft.id, ctx.userId);
    await writeAudit(tx, ctx, {
      action: 'autoverification.activate', entity: 'autoverification_rule_set', entityId: draft.id, field: `v${draft.verzija}`,
      newValue: {
        naziv: draft.naziv, verzija: draft.verzija, potvrda: body.potvrda,
        simulacija: simulation ? { od: simulation.od, do: simulation.do, rezultata: simulation.rezultata, pusteno: simulation.rezultataPusteno, rizicni: simulation.rizicni.length } : null,
      },
    });
  });
}

/** GET /autoverifikacija/simulacija/napredak: how far a running simulation of the site's draft is (null when none runs). */
export async function simulationProgress(db: Db, ctx: RequestContext) {
  return autoverificationRepository(db, ctx.siteId).simulationProgress();
}

/** POST /autoverifikacija/prekidac: the kill switch; audited. */
export async function setSwitch(db: Db, ctx: RequestContext, ukljuceno: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const repository = autoverificationRepository(tx, ctx.siteId);
    const before = await repository.switchedOn();
    if (before === ukljuceno) return;
    await repository.setSwitch(ukljuceno, ctx.userId);
    await writeAudit(tx, ctx, { action: 'autoverification.switch', entity: 'site', entityId: ctx.siteId, field: 'autoverifikacija', oldValue: before, newValue: ukljuceno });
  });
}

/** The site's users who may verify results (the permissions' rule for their role and access level). */
async function siteVerifiers(db: Db, siteId: string): Promise<AutoverificationAnswer['verifikatori']> {
  const staff = await autoverificationRepository(db, siteId).siteStaff();
  return staff.filter((user) => isRole(user.role) && can(user.role, user.accessLevel, 'results.verify'))
    .map((user) => ({ _id: user._id, ime: user.ime, email: user.email }));
}

/**
 * POST /autoverifikacija/odgovorni: the specialist the site's reports released by the rules name as responsible
 * (null: none). Only a user of the site who may verify results can answer for them (400 naming `odgovorni`). Audited.
 */
export async function setResponsible(db: Db, ctx: RequestContext, odgovorni: string | null): Promise<void> {
  if (odgovorni !== null && !(await siteVerifiers(db, ctx.siteId)).some((user) => user._id === odgovorni)) {
    throw new AppError(400, 'autoverification.responsibleInvalid', 'odgovorni');
  }
  await db.transaction(async (tx) => {
    const repository = autoverificationRepository(tx, ctx.siteId);
    const before = (await repository.responsible())?.id ?? null;
    if (before === odgovorni) return;
    await repository.setResponsible(odgovorni, ctx.userId);
    await writeAudit(tx, ctx, { action: 'autoverification.responsible', entity: 'site', entityId: ctx.siteId, field: 'odgovorni', oldValue: before, newValue: odgovorni });
  });
}

/** GET /autoverifikacija/uzorak/:id: the latest judgement of a sample of the site by the rules (null when none judged it). */
export async function sampleJudgement(db: Db, ctx: RequestContext, sampleId: string): Promise<Omit<SampleJudgementAnswer, 'success'>> {
  // The result screen's own read: 404 for a sample of another site or none.
  const screen = await resultScreen(db, ctx, sampleId);
  const found = await autoverificationRepository(db, ctx.siteId).outcome(sampleId);
  if (!found) return { presuda: null };
  return {
    presuda: {
      naziv: found.naziv, verzija: found.verzija, pusten: found.outcome.released, zastarjela: found.outcome.sampleVersion !== screen.version,
      kada: found.outcome.judgedAt.toISOString(),
      rezultati: Object.entries(found.outcome.failures).map(([test, neuspjesno]) => ({ test, neuspjesno })),
    },
  };
}
