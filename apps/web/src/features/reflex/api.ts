/** The reflex rules' calls as the settings screen uses them; types are those of the contracts in @lis/domain. */
import { reflexContracts, type ReflexRuleAnswer, type ReflexRuleSaveBody, type ReflexRulesAnswer } from '@lis/domain';
import { call } from '../../api/client.ts';

export const reflexKeys = { all: ['reflex-rules'] as const };

export function readReflexRules(signal?: AbortSignal): Promise<ReflexRulesAnswer> {
  return call(reflexContracts.list, {}, { signal });
}

export async function saveReflexRule(body: ReflexRuleSaveBody): Promise<ReflexRuleAnswer> {
  return (await call(reflexContracts.save, { body })).pravilo;
}
