/**
 * What one change of a settings record changed: the fields whose value
 * differs between the record before and after (nested objects such as the
 * general options' `options` and `label` are compared field by field, with
 * dotted names: `label.width`). A creation lists every field of the new
 * record; a change that altered no data (a password reset) lists nothing.
 */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Nested records are entered two levels deep at most; below that a value is compared whole (the role tables). */
function flatten(value: unknown, prefix: string, depth: number, into: Map<string, unknown>): void {
  if (isPlainObject(value) && depth < 2 && (prefix === '' || Object.keys(value).length > 0)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, depth + 1, into);
    return;
  }
  into.set(prefix, value);
}

const IDENTITY_FIELDS = new Set(['_id', 'id']);

export function recordChanges(before: unknown, after: unknown): FieldChange[] {
  const old = new Map<string, unknown>();
  const next = new Map<string, unknown>();
  flatten(before ?? {}, '', 0, old);
  flatten(after ?? {}, '', 0, next);
  const fields = [...new Set([...old.keys(), ...next.keys()])].filter((field) => field !== '' && !IDENTITY_FIELDS.has(field));
  return fields
    .filter((field) => JSON.stringify(old.get(field) ?? null) !== JSON.stringify(next.get(field) ?? null))
    .map((field) => ({ field, before: old.get(field) ?? null, after: next.get(field) ?? null }));
}
