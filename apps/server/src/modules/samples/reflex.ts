import {
  type AssayStability, type ReflexAssay, type ReflexNote, type ReflexTriggerResult, fromMinorUnits, reconcileTests, reflexDecisions, reflexFires,
} from '@lis/domain';
import type { AuditEntry } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { activeReflexRules } from '../reflex/service.ts';
import { sampleTypes } from '../sample-types/service.ts';
import { selectionOf } from './answers.ts';
import { catalogueFor, pickerLookup } from './picker.ts';
import { sampleRepository } from './repository.ts';

/** The results a save has just entered on a sample (the trigger tests a reflex rule judges). */
export interface ReflexSavedSample {
  sampleId: string;
  results: readonly ReflexTriggerResult[];
}

/** What the site's reflex rules did to one sample: the notes for the save's answer and the audit rows of the tests added. */
export interface ReflexOutcome {
  sampleId: string;
  /** How many tests were added (a calculated test's components count): the caller settles the sample again when any. */
  added: number;
  notes: ReflexNote[];
  audit: AuditEntry[];
}

/**
 * Reflex testing, run by the results chain inside the transaction of every results save (a person's, an analyser's),
 * after the results are settled (their flags stored) and on the sample rows that save has locked. For each sample
 * with a newly entered result that fires one of the site's active rules, the domain's `reflexDecisions` decides
 * which tests to add and why the others are not added (already ordered, another sample type, past the stability
 * counted from the sample's collection, a test the catalogue no longer offers). An added test:
 * - is ordered as the sample edit orders one (a calculated test brings its components, reconcileTests), priced as
 *   the rule says: 'charged' at the price the sample's ordering partner pays (catalogueFor), 'free' at 0 (so the
 *   invoice and the sample's total count it at 0);
 * - is marked with the rule (`refleks`), which the worklist and the result screen show as 'Refleks';
 * - is audited as `sample.reflex` naming the rule, the trigger result and the price.
 * A result that does not change in a save is not judged again, so saving the same value twice adds nothing twice,
 * and a reflex test a person later removes is not forced back by an unrelated save.
 */
export async function addReflexTests(tx: Tx, ctx: RequestContext, saved: readonly ReflexSavedSample[]): Promise<ReflexOutcome[]> {
  const candidates = saved.filter((entry) => entry.results.length > 0);
  if (candidates.length === 0) return [];
  const rules = await activeReflexRules(tx, ctx.siteId);
  const firing = candidates.filter((entry) => rules.some((rule) => entry.results.some((result) => reflexFires(rule, result))));
  if (firing.length === 0) return [];
  const types = new Map((await sampleTypes(tx)).map((type) => [type._id, type.naziv]));
  const samples = sampleRepository(tx, ctx.siteId);
  const now = new Date();
  const outcomes: ReflexOutcome[] = [];
  for (const entry of firing) {
    const sample = await samples.findSample(entry.sampleId);
    if (!sample) throw new Error('a saved sample of this site was not found');
    const existing = await samples.testsOfSample(sample.id);
    const addable = [...new Set(rules.map((rule) => rule.add))];
    const catalogue = await catalogueFor(tx, [...existing.map((test) => test.labassayId), ...addable], sample.partnerId);
    const assays = new Map<string, ReflexAssay>(addable.flatMap((id) => {
      const assay = catalogue.get(id);
      return assay ? [[id, { id, sampleType: assay.sampleTypeId === null ? null : (types.get(assay.sampleTypeId) ?? null), disabled: assay.disabled }]] : [];
    }));
    const stabilities: AssayStability[] = addable.flatMap((id) => (catalogue.get(id)?.stabilnost ?? []).flatMap((stability) => {
      const sampleType = stability.uzorak === null ? null : types.get(stability.uzorak);
      return sampleType === undefined ? [] : [{ labassayId: id, sampleType, hours: stability.sati }];
    }));
    const decisions = reflexDecisions({
      rules, results: entry.results, assays, stabilities, now,
      sample: { sampleType: sample.type.trim() === '' ? null : sample.type, collectedAt: sample.datum, orderedAssayIds: existing.map((test) => test.labassayId) },
    });
    const toAdd = decisions.filter((decision) => decision.skipped === null);
    let added = 0;
    const audit: AuditEntry[] = [];
    if (toAdd.length > 0) {
      const lookup = pickerLookup(catalogue);
      const before = selectionOf(existing);
      const wanted = [...before.filter((test) => test.component_of === null).map((test) => test.labassay), ...toAdd.map((decision) => decision.add)];
      const outcome = reconcileTests(before, wanted, lookup, 'edit');
      if (!outcome.ok) throw new Error(`a reflex test could not be ordered: ${outcome.code}`);
      const had = new Set(before.map((test) => test.labassay));
      const newTests = outcome.selection.filter((test) => !had.has(test.labassay));
      // Each new row (the reflex test, or a component it pulled in) belongs to the rule that asked for it.
      const ruleOf = (test: (typeof newTests)[number]) => {
        const owner = toAdd.find((decision) => decision.add === test.labassay || decision.add === test.component_of);
        if (!owner) throw new Error('a reflex test without its rule');
        return owner.rule;
      };
      const rows = newTests.map((test) => {
        const rule = ruleOf(test);
        return { labassayId: test.labassay, price: rule.charge === 'free' ? '0.00' : fromMinorUnits(test.price), componentOf: test.component_of, refleks: rule.id };
      });
      await samples.insertSampleTests(sample.id, rows);
      added = rows.length;
      for (const decision of toAdd) {
        const trigger = entry.results.find((result) => reflexFires(decision.rule, result));
        const row = rows.find((test) => test.labassayId === decision.add);
        audit.push({
          action: 'sample.reflex', entity: 'sample', entityId: sample.id, field: catalogue.get(decision.add)?.sifra ?? decision.add,
          newValue: {
            rule: decision.rule.id, condition: decision.rule.condition, value: decision.rule.value, trigger: decision.rule.trigger,
            rezultat: trigger?.rezultat ?? null, flag: trigger?.flag ?? null, add: decision.add, charge: decision.rule.charge, price: row?.price ?? null,
          },
          bySystem: true,
        });
      }
    }
    outcomes.push({
      sampleId: sample.id, added, audit,
      notes: decisions.map((decision) => {
        const assay = catalogue.get(decision.add);
        return {
          pravilo: decision.rule.id, sifra: assay?.sifra ?? '', naziv: assay?.naziv ?? '', naziv_en: assay?.nazivEn ?? '', naziv_de: assay?.nazivDe ?? '',
          dodan: decision.skipped === null, razlog: decision.skipped,
        };
      }),
    });
  }
  return outcomes;
}
