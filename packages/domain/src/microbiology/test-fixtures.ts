import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Breakpoint, OrganismTaxonomy } from './interpretation.ts';
import {
  type OrganismRecord, REFERENCE_FILES, readBreakpoints, readIntrinsicResistance, readOrganisms,
} from './reference-data.ts';

/**
 * The shared microbiology reference data (EUCAST 2025 breakpoints, intrinsic resistance, organisms),
 * kept beside the repository in ../shared/reference-data and never copied into it (its licence, GPL-2,
 * does not go with the project's). A git worktree one level deeper finds it in the nearest folder above
 * that has shared/reference-data; LIS_REFERENCE_DATA names another folder.
 */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function sharedReferenceDataDir(): string {
  if (process.env.LIS_REFERENCE_DATA) return process.env.LIS_REFERENCE_DATA;
  let from = path.dirname(REPOSITORY_ROOT);
  for (;;) {
    const candidate = path.join(from, 'shared', 'reference-data');
    if (existsSync(candidate) || path.dirname(from) === from) return candidate;
    from = path.dirname(from);
  }
}

function read(name: string): string {
  return readFileSync(path.join(sharedReferenceDataDir(), name), 'utf8');
}

export interface SharedTables {
  breakpoints: Breakpoint[];
  organisms: Map<string, OrganismRecord>;
  intrinsic: Set<string>;
  /** The rows of one agent and method, in table order. */
  rowsOf(ab: string, method: Breakpoint['method']): Breakpoint[];
  organism(mo: string): OrganismTaxonomy;
}

let tables: SharedTables | undefined;

/** The shared tables, read once per test file. */
export function sharedTables(): SharedTables {
  if (tables) return tables;
  const breakpoints = readBreakpoints(read(REFERENCE_FILES.breakpoints));
  const organisms = new Map(readOrganisms(read(REFERENCE_FILES.organisms)).map((row) => [row.mo, row]));
  const intrinsic = new Set(readIntrinsicResistance(read(REFERENCE_FILES.intrinsic)).map((row) => `${row.mo} ${row.ab}`));
  tables = {
    breakpoints, organisms, intrinsic,
    rowsOf: (ab, method) => breakpoints.filter((row) => row.ab === ab && row.method === method),
    organism: (mo) => {
      const found = organisms.get(mo);
      if (!found) throw new Error(`no organism ${mo} in the shared table`);
      return found;
    },
  };
  return tables;
}
