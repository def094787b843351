import { z } from 'zod';
import { failureResponses, instantSchema, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';
import { translatedNames } from '../catalogue/names.ts';
import { REFLEX_CHARGES, REFLEX_CONDITIONS, reflexRuleSchema } from './rules.ts';

/**
 * Contracts of the reflex rules' calls (/postavke/refleksni-testovi): the site's rules, and saving one (new, or
 * an edit of one of the site's rules: switching it off is an edit with `active: false`; rules are never deleted,
 * because the reflex tests they added name them). And the note a results save answers for each rule that fired.
 */

export const reflexRuleAnswerSchema = z.object({
  _id: z.string(),
  trigger: z.string(),
  condition: z.enum(REFLEX_CONDITIONS),
  value: z.number().nullable(),
  add: z.string(),
  charge: z.enum(REFLEX_CHARGES),
  active: z.boolean(),
  izmijenjeno: instantSchema,
});
export type ReflexRuleAnswer = z.output<typeof reflexRuleAnswerSchema>;

export const reflexRulesAnswer = successAnswer({
  pravila: z.array(reflexRuleAnswerSchema),
  /** The tests a rule may name (every enabled test of the catalogue). */
  testovi: z.array(z.object({ _id: z.string(), sifra: z.string(), naziv: z.string(), ...translatedNames })),
});
export type ReflexRulesAnswer = z.output<typeof reflexRulesAnswer>;

/** POST /refleksni-testovi/save: a new rule (no `_id`) or an edit of the site's rule `_id`. */
export const reflexRuleSaveBody = reflexRuleSchema.and(z.object({ _id: z.guid().optional() }));
export type ReflexRuleSaveBody = z.input<typeof reflexRuleSaveBody>;

/**
 * What a fired rule did on the sample a results save changed: `dodan` when its test was added (marked as a
 * reflex test), else why not (`razlog`: already ordered, another sample type, past its stability, a test the
 * catalogue no longer offers). The result screen shows each as a line.
 */
export const reflexNoteSchema = z.object({
  pravilo: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  dodan: z.boolean(),
  razlog: z.enum(['alreadyOrdered', 'wrongSampleType', 'stabilityPassed', 'unknownAssay']).nullable(),
});
export type ReflexNote = z.output<typeof reflexNoteSchema>;

export const reflexContracts = {
  list: defineCall({
    method: 'GET', path: '/refleksni-testovi', permission: 'results.verify',
    response: { 200: reflexRulesAnswer, ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/refleksni-testovi/save', permission: 'results.verify',
    body: reflexRuleSaveBody, response: { 200: successAnswer({ pravilo: reflexRuleAnswerSchema }), ...failureResponses },
  }),
};
