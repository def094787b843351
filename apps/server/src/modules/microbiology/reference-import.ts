import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  INTRINSIC_RESISTANCE_SOURCE, REFERENCE_ATTRIBUTION, REFERENCE_FILES, isClinicalOrganism, readAntimicrobials, readBreakpoints,
  readIntrinsicResistance, readOrganisms,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
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
 * hand with `npm run import:micro -w apps/server -- <folder>`, or uploaded on /mikrobiologija/referentni-podaci
 * (referenceImport in reference-data.ts: the breakpoints alone are enough for a new year). ATC codes, doses, LOINC and synonyms are
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

/**
 * The texts of a reference set's files. Only the breakpoints are required: a new year's table comes with
 * the same organisms, agents and expected resistant phenotypes, and the files left out keep what the
 * database holds.
 */
export interface ReferenceTexts {
  breakpoints: string;
  organisms?: string | undefined;
  antimicrobials?: string | undefined;
  intrinsic?: string | undefined;
}

/** A file that cannot be read as its table: which one, and why (the reader's words). */
export class ReferenceFileError extends Error {
  constructor(readonly file: keyof ReferenceTexts, reason: string) {
    super(reason);
    this.name = 'ReferenceFileError';
  }
}

function readAs<Row>(file: keyof ReferenceTexts, read: () => Row[]): Row[] {
  try {
    return read();
  } catch (error) {
    throw new ReferenceFileError(file, error instanceof Error ? error.message : String(error));
  }
}

export async function importReferenceData(db: Db, folder: string): Promise<ImportSummary> {
  const read = (name: string) => readFile(path.join(folder, name), 'utf8');
  return importReferenceTexts(db, {
    breakpoints: await read(REFERENCE_FILES.breakpoints), organisms: await read(REFERENCE_FILES.organisms),
    antimicrobials: await read(REFERENCE_FILES.antimicrobials), intrinsic: await read(REFERENCE_FILES.intrinsic),
  });
}

/**
 * Reads and stores a reference set in one transaction (nothing is stored when a file cannot be read:
 * ReferenceFileError names it). `tx` lets the caller write its audit row in the same transaction.
 */
export async function importReferenceTexts(
  db: Db, texts: ReferenceTexts, options: { attribution?: string; after?: (tx: Tx, summary: ImportSummary) => Promise<void> } = {},
): Promise<ImportSummary> {
  const breakpoints = readAs('breakpoints', () => readBreakpoints(texts.breakpoints));
  const guidelines = [...new Set(breakpoints.map((row) => row.guideline))];
  if (guidelines.length !== 1) {
    throw new ReferenceFileError('breakpoints', `the breakpoint file must hold one guideline, it holds ${guidelines.join(', ') || 'none'}`);
  }
  const guideline = guidelines[0]!;
  const breakpointOrganisms = new Set(breakpoints.map((row) => row.mo));
  const organisms = texts.organisms === undefined ? []
    : readAs('organisms', () => readOrganisms(texts.organisms!)).filter((row) => isClinicalOrganism(row, breakpointOrganisms));
  const antimicrobials = texts.antimicrobials === undefined ? [] : readAs('antimicrobials', () => readAntimicrobials(texts.antimicrobials!));
  const intrinsic = texts.intrinsic === undefined ? null : readAs('intrinsic', () => readIntrinsicResistance(texts.intrinsic!));
  return db.transaction(async (tx) => {
    const repository = referenceRepository(tx);
    // Intrinsic resistance is kept for the organisms and agents the database holds once this set is in.
    let kept = intrinsic;
    if (intrinsic) {
      const organismCodes = organisms.length > 0 ? new Set(organisms.map((row) => row.mo)) : await repository.organismCodes();
      const agentCodes = antimicrobials.length > 0 ? new Set(antimicrobials.map((row) => row.ab)) : await repository.antimicrobialCodes();
      kept = intrinsic.filter((row) => organismCodes.has(row.mo) && agentCodes.has(row.ab));
    }
    await repository.storeReferenceSet({
      guideline, attribution: options.attribution ?? REFERENCE_ATTRIBUTION, intrinsicSource: INTRINSIC_RESISTANCE_SOURCE,
      organisms, antimicrobials, breakpoints, intrinsic: kept,
    });
    const summary = {
      guideline, organisms: organisms.length, antimicrobials: antimicrobials.length, breakpoints: breakpoints.length, intrinsic: kept?.length ?? 0,
    };
    await options.after?.(tx, summary);
    return summary;
  });
}

/**
 * Imports the folder's data unless a set is already in the database; nothing when the folder is missing.
 * A set imported before disk contents were kept gets them from the folder's table of the same guideline
 * (its rows are stored in the file's order, so a row's ordinal finds it).
 */
export async function importReferenceDataIfMissing(db: Db, folder: string | undefined): Promise<ImportSummary | null> {
  if (!folder || !existsSync(path.join(folder, REFERENCE_FILES.breakpoints))) return null;
  const repository = referenceRepository(db);
  const existing = await repository.referenceSets();
  if (existing.length === 0) return importReferenceData(db, folder);
  if (await repository.lacksDiskDoses()) {
    const rows = readBreakpoints(await readFile(path.join(folder, REFERENCE_FILES.breakpoints), 'utf8'));
    await repository.fillDiskDoses(rows);
  }
  return null;
}
