import type { ResultsShowAnswer } from './api.ts';

/**
 * What the result screen is, for its title: entry while this user can enter results,
 * the verified results (read-only, with the way to the report), or a view of the results otherwise.
 */
export function resultScreenTitleKey(answer: ResultsShowAnswer | undefined, canSave: boolean): 'results.title' | 'results.titleVerified' | 'results.titleView' {
  if (!answer) return 'results.title';
  if (answer.status === 'VERIFICIRAN') return 'results.titleVerified';
  return canSave && answer.actions.includes('save') ? 'results.title' : 'results.titleView';
}
