import {
  type AntibiogramPanel, type OrganismTaxonomy, type PanelCandidate, agentsOutsidePanel, panelEditRequest, selectPanel,
} from '@lis/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { type StoredPanel, panelRepository } from './panel-repository.ts';
import { referenceRepository } from './repository.ts';

// Antibiogram panels (the rules: @lis/domain microbiology/panels.ts). Lab-wide settings: every change is
// one transaction with its audit row (entity 'micro_panel', the panel before and after).

const AUDIT_ENTITY = 'micro_panel';

async function answerOf(db: Db | Tx, panels: readonly StoredPanel[]): Promise<AntibiogramPanel[]> {
  const names = await panelRepository(db).agentNames([...new Set(panels.flatMap((panel) => panel.antibiotici))]);
  return panels.map((panel) => ({
    _id: panel.id, naziv: panel.naziv, grupa: { mo: panel.grupa, naziv: panel.grupaNaziv ?? panel.grupa }, uzorak: panel.uzorak,
    antibiotici: panel.antibiotici.map((ab) => ({ ab, naziv: names.get(ab) ?? ab })), updated_at: panel.updatedAt.toISOString(),
  }));
}

/** GET /mikrobiologija/paneli. */
export async function listPanels(db: Db): Promise<AntibiogramPanel[]> {
  return answerOf(db, await panelRepository(db).list());
}

interface Candidate extends PanelCandidate {
  stored: StoredPanel;
  naziv: string;
  antibiotici: readonly string[];
}

/** The panels with their group's taxonomy, for matching isolates (a panel whose group is not in the table matches nothing). */
async function panelCandidates(db: Db | Tx): Promise<Candidate[]> {
  const panels = await panelRepository(db).list();
  const groups = new Map((await referenceRepository(db).organismsByCode([...new Set(panels.map((panel) => panel.grupa))])).map((row) => [row.mo, row]));
  return panels.flatMap((panel) => {
    const grupa = groups.get(panel.grupa);
    return grupa ? [{ stored: panel, grupa, uzorak: panel.uzorak, naziv: panel.naziv, antibiotici: panel.antibiotici }] : [];
  });
}

/** GET /mikrobiologija/paneli/izbor: the panel of an organism in a culture of that material; an unknown organism is a 400. */
export async function choosePanel(db: Db, mo: string, materijal: string): Promise<AntibiogramPanel | null> {
  const [organism] = await referenceRepository(db).organismsByCode([mo]);
  if (!organism) throw new AppError(400, 'micro.unknownOrganism', 'mo', { organizam: mo });
  const chosen = selectPanel(organism, materijal, await panelCandidates(db));
  if (!chosen) return null;
  const [answer] = await answerOf(db, [chosen.stored]);
  return answer ?? null;
}

/**
 * The check a culture save makes: each isolate whose organism has a panel is tested only with that panel's
 * agents; the first row outside it is a 400 naming its agent field. Without a panel any agent is allowed.
 */
export async function checkPanels(
  db: Db | Tx, materijal: string, isolates: readonly { organism: OrganismTaxonomy; agents: readonly string[]; names: ReadonlyMap<string, string> }[],
): Promise<void> {
  if (isolates.every((isolate) => isolate.agents.length === 0)) return;
  const candidates = await panelCandidates(db);
  isolates.forEach((isolate, i) => {
    const panel = selectPanel(isolate.organism, materijal, candidates);
    if (!panel) return;
    const [outside] = agentsOutsidePanel(panel, isolate.agents);
    if (outside === undefined) return;
    const ab = isolate.agents[outside]!;
    throw new AppError(400, 'micro.antibioticNotInPanel', `izolati.${i}.antibiogram.${outside}.antibiotik`, {
      antibiotik: isolate.names.get(ab) ?? ab, panel: panel.naziv,
    });
  });
}

type EditInput = z.output<typeof panelEditRequest>;

/**
 * POST /mikrobiologija/paneli/edit: `_id` changes that panel (404 when there is none), none creates one.
 * The group must be an organism of the reference table and every agent an agent of it, each once; one
 * panel per group and specimen (409 naming `uzorak`).
 */
export async function editPanel(db: Db, ctx: RequestContext, body: unknown): Promise<AntibiogramPanel> {
  const input: EditInput = panelEditRequest.parse(body);
  const reference = referenceRepository(db);
  const [group] = await reference.organismsByCode([input.grupa]);
  if (!group) throw new AppError(400, 'micro.unknownOrganism', 'grupa', { organizam: input.grupa });
  const agents = new Map((await reference.antimicrobialsByCode(input.antibiotici)).map((row) => [row.ab, row.name]));
  const seen = new Set<string>();
  input.antibiotici.forEach((ab, index) => {
    if (!agents.has(ab)) throw new AppError(400, 'micro.unknownAntibiotic', `antibiotici.${index}`, { antibiotik: ab });
    if (seen.has(ab)) throw new AppError(400, 'micro.panelDuplicateAgent', `antibiotici.${index}`, { antibiotik: agents.get(ab)! });
    seen.add(ab);
  });
  const write = { naziv: input.naziv, grupa: input.grupa, uzorak: input.uzorak, antibiotici: input.antibiotici };
  try {
    return await db.transaction(async (tx) => {
      const repository = panelRepository(tx);
      const before = input._id ? await repository.forUpdate(input._id) : null;
      if (input._id && !before) throw AppError.notFound();
      const id = before ? before.id : await repository.insert(write);
      if (before) await repository.update(before.id, write);
      const saved = await repository.forUpdate(id);
      const [answer] = await answerOf(tx, [saved!]);
      await writeAudit(tx, ctx, {
        action: before ? 'settings.update' : 'settings.create', entity: AUDIT_ENTITY, entityId: id,
        oldValue: before && auditForm(before), newValue: auditForm(saved!),
      });
      return answer!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('micro.panelExists', 'uzorak');
    throw error;
  }
}

/** POST /mikrobiologija/paneli/delete: removes the panel, audited with what it was. */
export async function deletePanel(db: Db, ctx: RequestContext, id: string): Promise<void> {
  if (!isUuid(id)) throw AppError.notFound();
  await db.transaction(async (tx) => {
    const repository = panelRepository(tx);
    const before = await repository.forUpdate(id);
    if (!before) throw AppError.notFound();
    await repository.remove(id);
    await writeAudit(tx, ctx, { action: 'settings.delete', entity: AUDIT_ENTITY, entityId: id, oldValue: auditForm(before), newValue: null });
  });
}

function auditForm(panel: StoredPanel): unknown {
  return { naziv: panel.naziv, grupa: panel.grupa, uzorak: panel.uzorak, antibiotici: panel.antibiotici };
}
