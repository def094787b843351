const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are whatever a client typed: anything that is not a uuid is simply not found (never a database error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
