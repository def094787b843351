import { type PanelPricing, type PanelRule, type TestPanel, type TestPanelEditRequest, testPanelEditRequest, toMinorUnits } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { assayNames, history as recordHistory } from '../catalogue/service.ts';
import { type StoredTestPanel, type TestPanelWrite, testPanelRepository } from './repository.ts';

// A site's test panels (the rules: @lis/domain test-panels/panels.ts). Every call works on the calling
// site's panels only (the site-bound repository), and every change is one transaction with its audit row
// (entity 'test_panel', the panel before and after).

const AUDIT_ENTITY = 'test_panel';

function pricingOf(naplata: string): PanelPricing {
  if (naplata !== 'panel' && naplata !== 'testovi') throw new Error(`stored panel pricing is not known: ${naplata}`);
  return naplata;
}

/** The panel as answered; tests the catalogue no longer holds are left out. */
function answerOf(panel: StoredTestPanel, known: ReadonlyMap<string, string>): TestPanel {
  return {
    _id: panel.id, sifra: panel.sifra, naziv: panel.naziv, sinonimi: panel.sinonimi, testovi: panel.testovi.filter((id) => known.has(id)),
    price: panel.price, naplata: pricingOf(panel.naplata), updated_at: panel.updatedAt.toISOString(),
  };
}

async function answersOf(db: Db | Tx, panels: readonly StoredTestPanel[]): Promise<TestPanel[]> {
  const known = await assayNames(db, panels.flatMap((panel) => panel.testovi));
  return panels.map((panel) => answerOf(panel, known));
}

/** GET /assays/paneli/list: the site's panels by name. */
export async function listPanels(db: Db, ctx: RequestContext): Promise<TestPanel[]> {
  return answersOf(db, await testPanelRepository(db, ctx.siteId).list());
}

type EditInput = ReturnType<typeof testPanelEditRequest.parse>['panel'];

/**
 * POST /assays/paneli/edit: `_id` changes that panel of the site (404 when the site has none such), none
 * creates one. Every test must be a lab assay of the catalogue, each once (400 naming `panel.testovi.<i>`);
 * a code is unique within the site, whatever its case (409 naming `panel.sifra`).
 */
export async function editPanel(db: Db, ctx: RequestContext, body: TestPanelEditRequest): Promise<TestPanel> {
  const input: EditInput = testPanelEditRequest.parse(body).panel;
  const names = await assayNames(db, input.testovi);
  const seen = new Set<string>();
  input.testovi.forEach((id, index) => {
    if (!names.has(id)) throw new AppError(400, 'panel.unknownTest', `panel.testovi.${index}`);
    if (seen.has(id)) throw new AppError(400, 'panel.duplicateTest', `panel.testovi.${index}`, { test: names.get(id)! });
    seen.add(id);
  });
  const sinonimi = [...new Set(input.sinonimi)];
  const write: TestPanelWrite = {
    sifra: input.sifra, naziv: input.naziv, sinonimi, testovi: input.testovi, price: input.price.toFixed(2), naplata: input.naplata,
  };
  try {
    return await db.transaction(async (tx) => {
      const panels = testPanelRepository(tx, ctx.siteId);
      const before = input._id ? await panels.forUpdate(input._id) : null;
      if (input._id && !before) throw AppError.notFound();
      const id = before ? before.id : await panels.insert(write);
      if (before) await panels.update(before.id, write);
      const saved = (await panels.forUpdate(id))!;
      await writeAudit(tx, ctx, {
        action: before ? 'settings.update' : 'settings.create', entity: AUDIT_ENTITY, entityId: id,
        oldValue: before && auditForm(before), newValue: auditForm(saved),
      });
      return answerOf(saved, names);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('panel.duplicateCode', 'panel.sifra');
    throw error;
  }
}

/** POST /assays/paneli/delete: removes the site's panel, audited with what it was. Samples keep their tests and prices. */
export async function deletePanel(db: Db, ctx: RequestContext, id: string): Promise<void> {
  if (!isUuid(id)) throw AppError.notFound();
  await db.transaction(async (tx) => {
    const panels = testPanelRepository(tx, ctx.siteId);
    const before = await panels.forUpdate(id);
    if (!before) throw AppError.notFound();
    await panels.remove(id);
    await writeAudit(tx, ctx, { action: 'settings.delete', entity: AUDIT_ENTITY, entityId: id, oldValue: auditForm(before), newValue: null });
  });
}

/** GET /assays/paneli/history/{id}: the changes of a panel of this site, newest first; another site's panel is not found. */
export async function panelHistory(db: Db, ctx: RequestContext, id: string) {
  if (!isUuid(id) || (await testPanelRepository(db, ctx.siteId).byIds([id])).length === 0) throw AppError.notFound();
  return recordHistory(db, AUDIT_ENTITY, id);
}

/**
 * The panels a sample names (`paneli` of a save or update), as the pricing rules need them. A panel the
 * calling site does not have (another site's, or none) answers 404 naming `paneli.<i>`.
 */
export async function panelRulesFor(db: Db | Tx, siteId: string, ids: readonly string[]): Promise<PanelRule[]> {
  const found = new Map((await testPanelRepository(db, siteId).byIds(ids.filter(isUuid))).map((panel) => [panel.id, panel]));
  return ids.map((id, index) => {
    const panel = found.get(id);
    if (!panel) throw new AppError(404, 'notFound', `paneli.${index}`);
    return ruleOf(panel);
  });
}

/** The site's panels with these ids as pricing rules (those of a sample's saved tests; a deleted panel is left out). */
export async function knownPanelRules(db: Db | Tx, siteId: string, ids: readonly string[]): Promise<PanelRule[]> {
  return (await testPanelRepository(db, siteId).byIds(ids.filter(isUuid))).map(ruleOf);
}

function ruleOf(panel: StoredTestPanel): PanelRule {
  const price = toMinorUnits(panel.price);
  if (price === null) throw new Error(`stored panel price is not an amount: ${panel.price}`);
  return { _id: panel.id, testovi: panel.testovi, price, naplata: pricingOf(panel.naplata) };
}

function auditForm(panel: StoredTestPanel): unknown {
  return { sifra: panel.sifra, naziv: panel.naziv, sinonimi: panel.sinonimi, testovi: panel.testovi, price: panel.price, naplata: panel.naplata };
}
