/**
 * The audit trail names each step by its action code (e.g. 'sample.create');
 * the dialog shows the step in the user's language, and a code this build does
 * not know yet as it is, rather than hiding the step.
 */
import { useTranslation } from 'react-i18next';
import type { ResultMessageKey } from './messages.ts';

const ACTION_TEXT: Readonly<Record<string, ResultMessageKey>> = {
  'sample.create': 'action_sampleCreate',
  'sample.update': 'action_sampleUpdate',
  'sample.tests': 'action_sampleTests',
  'sample.receive': 'action_sampleReceive',
};

export function useAuditActionText(): (akcija: string) => string {
  const { t } = useTranslation();
  return (akcija) => {
    const key = ACTION_TEXT[akcija];
    return key ? t(`results.${key}`) : akcija;
  };
}
