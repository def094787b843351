// The reflex module's calls: the site's reflex rules (list, add, edit, switch off; every change audited) for the
// settings screen, and the active rules for the samples module, which adds the reflex tests when a results save
// fires one (samples/reflex.ts, through the results chain's port).
import { type ReflexRule, type ReflexRuleAnswer, type ReflexRuleSaveBody, type ReflexRulesAnswer, reflexRuleSchema } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { assayChoices, assayIdsByCode, knownAssays, reflexRepository, type ReflexRuleRow, type ReflexRuleWrite } from './repository.ts';

/** A stored rule as the domain judges it, with its id (the reflex tests and the audit name it). */
export type StoredReflexRule = ReflexRule & { id: string };

function ruleOf(row: ReflexRuleRow): StoredReflexRule {
  return {
    id: row.id,
    ...reflexRuleSchema.parse({
      trigger: row.triggerAssayId, condition: row.condition, value: row.value === null ? null : Number(row.value),
      add: row.addAssayId, charge: row.charge, active: row.active,
    }),
  };
}

function answerOf(row: ReflexRuleRow): ReflexRuleAnswer {
  const rule = ruleOf(row);
  return { _id: row.id, trigger: rule.trigger, condition: rule.condition, value: rule.value, add: rule.add, charge: rule.charge, active: rule.active, izmijenjeno: row.updatedAt.toISOString() };
}

/** What the audit keeps of a rule: its fields as the screen shows them. */
function auditValue(rule: ReflexRuleWrite) {
  return { trigger: rule.triggerAssayId, condition: rule.condition, value: rule.value, add: rule.addAssayId, charge: rule.charge, active: rule.active };
}

/** GET /refleksni-testovi: the site's rules (oldest first) and the tests a rule may name. */
export async function listRules(db: Db, ctx: RequestContext): Promise<Omit<ReflexRulesAnswer, 'success'>> {
  const [rows, testovi] = await Promise.all([reflexRepository(db, ctx.siteId).list(), assayChoices(db)]);
  return { pravila: rows.map(answerOf), testovi };
}

/**
 * POST /refleksni-testovi/save: a new rule, or an edit of one of the site's rules (another site's answers 404 as a
 * missing one). Both tests must exist (400 reflex.unknownAssay naming the field); one rule per trigger and added test
 * at a site (409 reflex.duplicateRule). Audited with the rule before and after; an edit that changes nothing writes nothing.
 */
export async function saveRule(db: Db, ctx: RequestContext, body: ReflexRuleSaveBody): Promise<ReflexRuleAnswer> {
  const { _id: id, ...fields } = body;
  const rule = reflexRuleSchema.parse(fields);
  const known = await knownAssays(db, [rule.trigger, rule.add]);
  if (!known.has(rule.trigger)) throw AppError.badRequest('reflex.unknownAssay', 'trigger');
  if (!known.has(rule.add)) throw AppError.badRequest('reflex.unknownAssay', 'add');
  const write: ReflexRuleWrite = {
    triggerAssayId: rule.trigger, condition: rule.condition,
    // A cut-off only means something for 'above' and 'below'; the others keep none, so the stored rule says what it does.
    value: rule.condition === 'above' || rule.condition === 'below' ? String(rule.value) : null,
    addAssayId: rule.add, charge: rule.charge, active: rule.active,
  };
  return db.transaction(async (tx) => {
    const repository = reflexRepository(tx, ctx.siteId);
    const current = id === undefined ? null : await repository.find(id, { forUpdate: true });
    if (id !== undefined && !current) throw AppError.notFound();
    const pair = await repository.findPair(write.triggerAssayId, write.addAssayId);
    if (pair && pair.id !== current?.id) throw AppError.conflict('reflex.duplicateRule', 'add');
    if (!current) {
      const inserted = await repository.insert(write, ctx.userId);
      await writeAudit(tx, ctx, { action: 'reflex.rule.create', entity: 'reflex_rule', entityId: inserted.id, newValue: auditValue(write) });
      return answerOf(inserted);
    }
    const before: ReflexRuleWrite = {
      triggerAssayId: current.triggerAssayId, condition: ruleOf(current).condition, value: current.value === null ? null : String(Number(current.value)),
      addAssayId: current.addAssayId, charge: ruleOf(current).charge, active: current.active,
    };
    if (JSON.stringify(auditValue(before)) === JSON.stringify(auditValue(write))) return answerOf(current);
    const updated = await repository.update(current.id, write, ctx.userId);
    await writeAudit(tx, ctx, {
      action: 'reflex.rule.update', entity: 'reflex_rule', entityId: current.id,
      field: before.active !== write.active ? 'active' : null, oldValue: auditValue(before), newValue: auditValue(write),
    });
    return answerOf(updated);
  });
}

/** The site's active rules, in the order they were made (the domain's reflexDecisions takes them in this order). */
export async function activeReflexRules(db: Db | Tx, siteId: string): Promise<StoredReflexRule[]> {
  return (await reflexRepository(db, siteId).list({ activeOnly: true })).map(ruleOf);
}

/**
 * The demo's reflex rule at a site: TSH above its range adds FT4, free of charge (the demo catalogue measures both
 * in serum). Nothing when the catalogue lacks either test or the site has the rule already.
 */
export async function seedDemoReflexRule(db: Db, siteId: string, userId: string | null): Promise<void> {
  const ids = await assayIdsByCode(db, ['TSH', 'FT4']);
  const trigger = ids.get('TSH');
  const add = ids.get('FT4');
  if (!trigger || !add) return;
  const repository = reflexRepository(db, siteId);
  if (await repository.findPair(trigger, add)) return;
  await repository.insert({ triggerAssayId: trigger, condition: 'above-range', value: null, addAssayId: add, charge: 'free', active: true }, userId);
}
