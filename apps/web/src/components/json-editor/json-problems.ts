/**
 * What is wrong with the JSON text of an editor, each problem placed in the
 * text: a syntax error where the parser stopped, a schema issue at the value
 * of the field it names (or at the object that lacks the field), an error of
 * the server at the field it names. Pure functions over the text, so the
 * dialog and its tests read the same placement.
 */
import { parser } from '@lezer/json';
import type { SyntaxNode } from '@lezer/common';
import type { z } from 'zod';
import { isMessageCode } from '@lis/domain';

export type JsonPath = readonly (string | number)[];

export interface JsonProblem {
  /** Character offsets in the text (to > from, except for an empty text). */
  from: number;
  to: number;
  /** 1-based line of `from`. */
  line: number;
  /** The field as a dotted path ('reference.0.low'); empty for the whole value or a syntax error. */
  field: string;
  kind: 'syntax' | 'missing' | 'required' | 'type' | 'tooSmall' | 'tooBig' | 'format' | 'value' | 'unknownKey' | 'custom' | 'server';
  /** The schema's or the server's own message, when it has one (a message code of @lis/domain or, from the server, its text). */
  detail?: string;
  /** The bound a too small or too big value missed. */
  limit?: number;
}

export type JsonCheck<T> =
  | { ok: true; value: T; problems: [] }
  | { ok: false; problems: JsonProblem[] };

export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function childrenOf(node: SyntaxNode): SyntaxNode[] {
  const nodes: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) nodes.push(child);
  return nodes;
}

const PUNCTUATION = new Set(['{', '}', '[', ']', ',', ':']);

function valueNodes(container: SyntaxNode): SyntaxNode[] {
  return childrenOf(container).filter((child) => !PUNCTUATION.has(child.name) && !child.type.isError);
}

function propertyName(node: SyntaxNode, text: string): string | undefined {
  const nameNode = node.getChild('PropertyName');
  if (!nameNode) return undefined;
  try {
    return JSON.parse(text.slice(nameNode.from, nameNode.to)) as string;
  } catch {
    return undefined;
  }
}

/**
 * Where a path lies in JSON text: the value at the path, or, for a path that
 * is not there, the deepest object or array on the way (a missing field is
 * shown at the object that should hold it). `key` marks the property's name
 * instead of its value (an unknown key).
 */
export function locatePath(text: string, path: JsonPath, { key = false } = {}): { from: number; to: number; found: boolean } {
  const top = parser.parse(text).topNode;
  const root: SyntaxNode | undefined = valueNodes(top)[0];
  if (!root) return { from: 0, to: Math.min(text.length, 1), found: false };
  let node: SyntaxNode = root;
  let nameNode: SyntaxNode | null = null;
  for (const segment of path) {
    let next: SyntaxNode | null = null;
    if (node.name === 'Object') {
      const property: SyntaxNode | undefined = node.getChildren('Property').find((candidate) => propertyName(candidate, text) === String(segment));
      if (property) {
        nameNode = property.getChild('PropertyName');
        next = valueNodes(property).find((child) => child.name !== 'PropertyName') ?? nameNode;
      }
    } else if (node.name === 'Array' && typeof segment === 'number') {
      next = valueNodes(node)[segment] ?? null;
      nameNode = null;
    }
    if (!next) return openingOf(node);
    node = next;
  }
  const target = key && nameNode ? nameNode : node;
  return { from: target.from, to: Math.max(target.to, target.from + 1), found: true };
}

/** An object or array is marked by its opening bracket only, so a long record is not painted whole. */
function openingOf(node: SyntaxNode): { from: number; to: number; found: false } {
  return { from: node.from, to: node.from + 1, found: false };
}

function syntaxProblem(text: string, error: unknown): JsonProblem {
  let from = -1;
  parser.parse(text).iterate({
    enter: (node) => {
      if (from >= 0) return false;
      if (node.type.isError) {
        from = node.from;
        return false;
      }
      return undefined;
    },
  });
  if (from < 0) {
    // The grammar accepted what JSON.parse refused (an empty text, a lone minus sign): take V8's position when it gives one.
    const match = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    from = match ? Number(match[1]) : text.length;
  }
  from = Math.min(from, text.length);
  const to = Math.min(text.length, from + 1);
  return { from: to > from ? from : Math.max(0, from - 1), to: Math.max(to, from), line: lineOf(text, from), field: '', kind: 'syntax' };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): { present: boolean } {
  let current: unknown = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return { present: false };
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return { present: current !== undefined };
}

function kindOf(issue: z.core.$ZodIssue, present: boolean): JsonProblem['kind'] {
  switch (issue.code) {
    case 'invalid_type': return present ? 'type' : 'missing';
    case 'too_small': return 'tooSmall';
    case 'too_big': return 'tooBig';
    case 'invalid_format': return 'format';
    case 'invalid_value': return 'value';
    case 'unrecognized_keys': return 'unknownKey';
    default: return 'custom';
  }
}

function toPath(path: readonly PropertyKey[]): JsonPath {
  return path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
}

export function fieldName(path: JsonPath): string {
  return path.map(String).join('.');
}

/** A problem at the field a server's refusal names ('labassay.reference.0.low' with prefix 'labassay'). */
export function serverProblem(text: string, field: string | undefined, detail: string, bodyField?: string): JsonProblem {
  const segments = (field ?? '').split('.').filter((segment) => segment !== '');
  if (bodyField && segments[0] === bodyField) segments.shift();
  const path = segments.map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  const place = locatePath(text, path);
  return { ...place, line: lineOf(text, place.from), field: fieldName(path), kind: 'server', detail };
}

/** The text parsed and checked against the schema; the problems in the order of the text. */
export function checkJson<T>(text: string, schema: z.ZodType<T>): JsonCheck<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [syntaxProblem(text, error)] };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { ok: true, value: result.data, problems: [] };
  const problems = result.error.issues.flatMap((issue): JsonProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const path = [...toPath(issue.path), key];
        const place = locatePath(text, path, { key: true });
        return { ...place, line: lineOf(text, place.from), field: fieldName(path), kind: 'unknownKey' };
      });
    }
    const path = toPath(issue.path);
    const present = valueAt(parsed, issue.path).present;
    const place = locatePath(text, path);
    // A schema that names 'form.required' (an empty required text) asks for the field rather than for a length.
    const kind = issue.code === 'too_small' && issue.message === 'form.required' ? 'required' : kindOf(issue, present);
    const problem: JsonProblem = { ...place, line: lineOf(text, place.from), field: fieldName(path), kind };
    if (isMessageCode(issue.message) && issue.message !== 'form.required' && issue.message !== 'form.invalid') problem.detail = issue.message;
    if (issue.code === 'too_small' || issue.code === 'too_big') {
      const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      if (Number.isFinite(limit)) problem.limit = limit;
    }
    return [problem];
  });
  problems.sort((a, b) => a.from - b.from);
  return { ok: false, problems };
}
