/**
 * The audit trail names each step by its action key (`akcija`: sample.create,
 * result.change, sample.verify …, the keys the results module writes); the
 * dialogs show the step in the user's language, and a key this build does not
 * know yet as it is, rather than hiding the step. Old and new values are text
 * as stored (a result exactly as entered, a status), except the critical-value
 * acknowledgement, which carries who was told and when as JSON.
 */
import { useTranslation } from 'react-i18next';
import { SAMPLE_AUDIT_ACTIONS, type SampleAuditAction } from '@lis/domain';
import { formatDateTime } from '../../lib/date-time.ts';
import { formatResult } from '../../lib/format.ts';
import { useLanguage } from '../../i18n/index.ts';
import type { AuditEntry } from './api.ts';
import type { ResultMessageKey } from './messages.ts';

/** Every action the trail writes (SAMPLE_AUDIT_ACTIONS of @lis/domain) has its text: a new action does not compile without one. */
const ACTION_TEXT: Readonly<Record<SampleAuditAction, ResultMessageKey>> = {
  'sample.create': 'action_sampleCreate',
  'sample.update': 'action_sampleUpdate',
  'sample.tests': 'action_sampleTests',
  'sample.receive': 'action_sampleReceive',
  'sample.status': 'action_sampleStatus',
  'result.enter': 'action_resultEnter',
  'result.change': 'action_resultChange',
  'result.clear': 'action_resultClear',
  'result.calculate': 'action_resultCalculate',
  'result.retest': 'action_resultRetest',
  'sample.approve': 'action_sampleApprove',
  'sample.unapprove': 'action_sampleUnapprove',
  'sample.verify': 'action_sampleVerify',
  'sample.acknowledge': 'action_sampleAcknowledge',
  'sample.unverify': 'action_sampleUnverify',
  'culture.save': 'action_cultureSave',
  'culture.override': 'action_cultureOverride',
};

const ACKNOWLEDGE: SampleAuditAction = 'sample.acknowledge';
/** Steps whose values are results as stored (numbers with a point), shown with the reader's decimal mark. */
const RESULT_ACTIONS: ReadonlySet<string> = new Set<SampleAuditAction>(['result.enter', 'result.change', 'result.clear', 'result.calculate', 'result.retest']);

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isAuditAction(akcija: string): akcija is SampleAuditAction {
  return (SAMPLE_AUDIT_ACTIONS as readonly string[]).includes(akcija);
}

/** Who was told and when, from the acknowledgement's JSON; null when the text is not one. */
function acknowledgement(text: string): { ko: string; kada: string } | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { ko, kada } = value as Record<string, unknown>;
    return typeof ko === 'string' && typeof kada === 'string' ? { ko, kada } : null;
  } catch {
    return null;
  }
}

/** Fields of the sample the trail names in `polje` (a result step names its assay code, shown as it is). */
const FIELD_TEXT: Readonly<Record<string, ResultMessageKey>> = {
  status: 'status',
  obavijesten: 'field_obavijesten',
  komentar: 'comment',
  hitan: 'field_hitan',
  tests: 'field_tests',
  datum: 'field_datum',
};

export interface AuditText {
  action: (akcija: string) => string;
  field: (polje: string | null) => string;
  /** An old or new value as the trail shows it. */
  value: (entry: AuditEntry, value: string | null) => string;
}

export function useAuditText(): AuditText {
  const { t } = useTranslation();
  const language = useLanguage();
  return {
    action: (akcija) => {
      const key = isAuditAction(akcija) ? ACTION_TEXT[akcija] : null;
      return key ? t(`results.${key}`) : akcija;
    },
    field: (polje) => {
      if (polje === null) return '';
      const key = FIELD_TEXT[polje];
      return key ? t(`results.${key}`) : polje;
    },
    value: (entry, value) => {
      if (value === null) return '';
      if (entry.akcija === ACKNOWLEDGE) {
        const told = acknowledgement(value);
        return told ? t('results.acknowledged', { ko: told.ko, kada: formatDateTime(told.kada) || told.kada }) : value;
      }
      if (RESULT_ACTIONS.has(entry.akcija)) return formatResult(value, language);
      // The registration: the server sends its code, status, urgency and the tests by their codes.
      if (entry.akcija === 'sample.create') {
        const created = parsedJson(value);
        if (typeof created !== 'object' || created === null) return value;
        const { code, status, hitan, tests } = created as Record<string, unknown>;
        if (typeof code !== 'string' || typeof status !== 'string') return value;
        const words = { code, status, tests: isTextList(tests) ? tests.join(', ') : '' };
        return hitan === true ? t('results.auditRegisteredUrgent', words) : t('results.auditRegistered', words);
      }
      const parsed = parsedJson(value);
      if (isTextList(parsed)) return parsed.join(', ');
      if (typeof parsed === 'boolean') return parsed ? t('results.auditYes') : t('results.auditNo');
      if (entry.polje === 'datum' && typeof parsed !== 'number') return formatDateTime(value) || value;
      return value;
    },
  };
}
