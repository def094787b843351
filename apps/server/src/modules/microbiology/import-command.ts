// `npm run import:micro -w apps/server -- <folder>`: imports a folder of microbiology reference data (the
// TSV files described in @lis/domain reference-data.ts) into the database the environment names
// (DATABASE_URL, else the PGlite data in DATA_DIR), replacing that guideline's earlier import.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { importReferenceData } from './reference-import.ts';

const config = loadConfig();
const folder = process.argv[2] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2]) : config.microReferenceDir;
if (!folder) {
  console.error('Name the folder of the reference files (or set MICRO_REFERENCE_DIR).');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const summary = await importReferenceData(database.db, folder);
  console.log(`Imported ${summary.guideline}: ${summary.breakpoints} breakpoints, ${summary.organisms} organisms, `
    + `${summary.antimicrobials} antimicrobials, ${summary.intrinsic} intrinsic resistances.`);
} finally {
  await database.close();
}
