import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  INTRINSIC_RESISTANCE_SOURCE, REFERENCE_ATTRIBUTION, REFERENCE_FILES, isClinicalOrganism, readAntimicrobials, readBreakpoints,
  readIntrinsicResistance, readOrganisms,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { referenceRepository } from './repository.ts';

/**
 * Imports microbiology reference data (clinical breakpoints, expected resistant phenotypes, antimicrobials,
 * organisms) from a folder of the TSV files the AMR package for R publishes (see @lis/domain
 * reference-data.ts for the format).
 *
 * The files are not part of this repository: they are GPL-2 (the AMR package) and carry WHO ATC codes
 * whose copyright forbids commercial use, neither of which goes with the project's AGPL-3.0-or-later. A
 * lab keeps its copy beside the installation (../shared/reference-data for development) and imports it:
 * at start-up when MICRO_REFERENCE_DIR names a folder whose guideline is not yet in the database, or by
 * hand with `npm run import:micro -w apps/server -- <folder>`. ATC codes, doses, LOINC and synonyms are
 * never read. The guideline's rows replace its earlier import; a new year's table is a new guideline
 * beside the old one, and each interpretation keeps the guideline it was made with.
 *
 * Organisms are limited to what a laboratory reports (isClinicalOrganism: current names of clinical
 * relevance and every organism a breakpoint row is written for), and intrinsic resistance to those organisms.
 */
export interface ImportSummary {
  guideline: string;
  organisms: number;
  antimicrobials: number;
  breakpoints: number;
  intrinsic: number;
}

export async function importReferenceData(db: Db, folder: string): Promise<ImportSummary> {
  const read = (name: string) => readFile(path.join(folder, name), 'utf8');
  const breakpoints = readBreakpoints(await read(REFERENCE_FILES.breakpoints));
  const guidelines = [...new Set(breakpoints.map((row) => row.guideline))];
  if (guidelines.length !== 1) throw new Error(`the breakpoint file must hold one guideline, it holds ${guidelines.join(', ') || 'none'}`);
  const guideline = guidelines[0]!;
  const breakpointOrganisms = new Set(breakpoints.map((row) => row.mo));
  const organisms = readOrganisms(await read(REFERENCE_FILES.organisms)).filter((row) => isClinicalOrganism(row, breakpointOrganisms));
  const kept = new Set(organisms.map((row) => row.mo));
  const antimicrobials = readAntimicrobials(await read(REFERENCE_FILES.antimicrobials));
  const agents = new Set(antimicrobials.map((row) => row.ab));
  const intrinsic = readIntrinsicResistance(await read(REFERENCE_FILES.intrinsic)).filter((row) => kept.has(row.mo) && agents.has(row.ab));
  await db.transaction(async (tx) => {
    await referenceRepository(tx).storeReferenceSet({
      guideline, attribution: REFERENCE_ATTRIBUTION, intrinsicSource: INTRINSIC_RESISTANCE_SOURCE,
      organisms, antimicrobials, breakpoints, intrinsic,
    });
  });
  return { guideline, organisms: organisms.length, antimicrobials: antimicrobials.length, breakpoints: breakpoints.length, intrinsic: intrinsic.length };
}

/** Imports the folder's data unless a set is already in the database; nothing when the folder is missing. */
export async function importReferenceDataIfMissing(db: Db, folder: string | undefined): Promise<ImportSummary | null> {
  if (!folder || !existsSync(path.join(folder, REFERENCE_FILES.breakpoints))) return null;
  const existing = await referenceRepository(db).referenceSets();
  if (existing.length > 0) return null;
  return importReferenceData(db, folder);
}
