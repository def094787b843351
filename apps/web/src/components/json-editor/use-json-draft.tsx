/**
 * The state of a record edited as JSON text: the text, its check against the
 * schema on every change, a refusal of the server placed at its field (kept
 * until the text changes), every problem described in the user's language,
 * and the list of problems under the editor. JsonEditorDialog is built on
 * it; a dialog with more than the editor (the lab assay's reference ranges)
 * uses it beside its own form.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isMessageCode } from '@lis/domain';
import { ApiError } from '../../api/client.ts';
import { serverMessage, messageText } from '../../i18n/index.ts';
import type { EditorProblem } from './JsonEditor.tsx';
import { type JsonCheck, type JsonProblem, checkJson, serverProblem } from './json-problems.ts';

/** The record as the editor shows it. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value ?? {}, null, 2);
}

export interface JsonDraft<T> {
  initialText: string;
  text: string;
  setText: (text: string) => void;
  check: JsonCheck<T>;
  /** Schema problems and the server's refusal, in the order of the text. */
  problems: JsonProblem[];
  /** The problems as the editor marks them. */
  editorProblems: EditorProblem[];
  describe: (problem: JsonProblem) => string;
  /** A refusal of the server without a field in the JSON (shown above the editor), until the text changes. */
  refusalMessage: string | null;
  /** Shows a failed save: at the field the server names, or as a message. */
  showRefusal: (error: unknown) => void;
}

export function useJsonDraft<T>(value: unknown, schema: z.ZodType<T>, bodyField?: string): JsonDraft<T> {
  const { t } = useTranslation(undefined, { keyPrefix: 'jsonEditor' });
  const { t: tRoot } = useTranslation();
  const initialText = useMemo(() => jsonText(value), [value]);
  const [text, setText] = useState(initialText);
  const [refusal, setRefusal] = useState<{ text: string; problem: JsonProblem | null; message: string } | null>(null);

  useEffect(() => {
    setText(initialText);
    setRefusal(null);
  }, [initialText]);

  const check = useMemo(() => checkJson(text, schema), [text, schema]);
  // A refusal of the server belongs to the text it was given; any edit clears it.
  const shown = refusal && refusal.text === text ? refusal : null;
  const problems = useMemo(() => [...check.problems, ...(shown?.problem ? [shown.problem] : [])], [check.problems, shown]);

  const describe = (problem: JsonProblem): string => {
    const field = problem.field || t('wholeRecord');
    if (problem.kind === 'syntax') return t('syntax');
    if (problem.kind === 'server') return t('server', { field, detail: problem.detail ?? '' });
    if (problem.detail && isMessageCode(problem.detail)) return `${field}: ${messageText(problem.detail, { field })}`;
    return t(problem.kind, { field, limit: problem.limit ?? '' });
  };

  return {
    initialText,
    text,
    setText,
    check,
    problems,
    editorProblems: problems.map((problem) => ({ from: problem.from, to: problem.to, message: describe(problem) })),
    describe,
    refusalMessage: shown && !shown.problem ? shown.message : null,
    showRefusal: (error) => {
      const detail = error instanceof ApiError ? serverMessage(error) : tRoot('errors.unexpected');
      const field = error instanceof ApiError ? error.field : undefined;
      const problem = field && field !== 'body' && field !== bodyField ? serverProblem(text, field, detail, bodyField) : null;
      setRefusal({ text, problem, message: detail });
    },
  };
}

/** The problems under the editor, each with its line and in words naming the field; or that the record is valid. */
export function JsonProblemList({ draft }: { draft: Pick<JsonDraft<unknown>, 'problems' | 'describe'> }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'jsonEditor' });
  if (draft.problems.length === 0) {
    return (
      <Group gap={6} c="teal.9" aria-live="polite">
        <IconCircleCheck size={16} aria-hidden />
        <Text size="sm">{t('valid')}</Text>
      </Group>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('problemsTitle')} aria-live="polite" data-testid="json-problems">
      <List size="sm" spacing={2}>
        {draft.problems.map((problem, index) => (
          <List.Item key={`${problem.from}-${problem.kind}-${index}`}>
            <Text span fw={600} size="sm">{t('line', { line: problem.line })}:</Text> {draft.describe(problem)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
