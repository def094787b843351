/**
 * A settings form's problems, field by field: the domain's zod schema run in
 * the browser (the same schema the server validates with) gives every problem
 * at once, and the server's refusal names one field (`element.email`), which
 * lands on that field too. Messages are the domain's catalogue texts.
 */
import { type Language, isMessageCode } from '@lis/domain';
import { messageText } from '../../i18n/index.ts';

export type FieldProblems = Record<string, string>;

/** What a zod `safeParse` answers, as far as this file reads it. */
export interface SchemaVerdict {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
}

/** The text of a message code in the language shown, or the general 'invalid input' naming the field. */
function problemText(code: string, field: string, language: Language, fieldLabel: (field: string) => string): string {
  return isMessageCode(code) && code !== 'form.invalid' ? messageText(code) : messageText('form.invalid', { field: fieldLabel(field) });
}

const firstSegment = (path: readonly PropertyKey[]) => String(path[0] ?? '');

/** Every problem the schema finds, by the form field of its path (by default the first segment: `sites.0` belongs to `sites`). */
export function schemaProblems(
  result: SchemaVerdict, language: Language, fieldLabel: (field: string) => string,
  fieldOf: (path: readonly PropertyKey[]) => string = firstSegment,
): FieldProblems {
  if (result.success || !result.error) return {};
  const problems: FieldProblems = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    problems[field] ??= problemText(issue.message, field, language, fieldLabel);
  }
  return problems;
}

/** A refusal of the server as a field problem: `element.sites.1` is the `sites` field. */
export function serverProblem(
  error: { code: string; field?: string | undefined; message: string }, prefix: string, language: Language,
  fieldLabel: (field: string) => string,
): FieldProblems | null {
  if (!error.field?.startsWith(`${prefix}.`)) return null;
  const field = error.field.slice(prefix.length + 1).split('.')[0] ?? '';
  return { [field]: language === 'bs' ? error.message : problemText(error.code, field, language, fieldLabel) };
}
