/**
 * Fails when the table definitions and the migrations disagree: drizzle-kit generates the migrations
 * from db/schema.ts (which gathers every module's tables.ts), so a change to a table without its
 * migration, or a split of the tables that changed a column by accident, would make `drizzle-kit
 * generate` write a new migration. This runs it against a temporary copy of drizzle/ and fails if it
 * wrote anything; the working tree is never touched. (`drizzle-kit check` only checks the migrations
 * against each other, not against the schema.)
 *
 *   npm run db:check            (from the repository root or apps/server)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = path.join(server, 'drizzle');
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

function files(dir) {
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

const copy = mkdtempSync(path.join(tmpdir(), 'lis-migrations-'));
try {
  cpSync(migrations, copy, { recursive: true });
  const before = new Set(files(copy));
  const journalBefore = readFileSync(path.join(copy, 'meta/_journal.json'), 'utf8');
  // stdin closed: should drizzle-kit ask whether a column was renamed, it cannot wait for an answer.
  const run = spawnSync(process.execPath, [drizzleKit, 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', path.relative(server, copy)], {
    cwd: server, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 120_000,
  });
  const added = files(copy).filter((file) => !before.has(file));
  const journalChanged = readFileSync(path.join(copy, 'meta/_journal.json'), 'utf8') !== journalBefore;
  // drizzle-kit may exit 0 after an error: only its own "nothing to migrate" counts as agreement.
  const nothingToWrite = run.status === 0 && /No schema changes/.test(run.stdout) && added.length === 0 && !journalChanged;
  if (!nothingToWrite) {
    console.error('db:check: the tables (db/schema.ts and the modules\' tables.ts) and the migrations in apps/server/drizzle disagree.');
    if (added.length === 0) console.error(`drizzle-kit generate ${run.signal ? `was stopped (${run.signal})` : `exited with ${run.status}`} (did it ask a question?):\n${run.stdout}\n${run.stderr}`);
    for (const file of added.filter((f) => f.endsWith('.sql'))) {
      console.error(`It would write ${file}:\n${readFileSync(path.join(copy, file), 'utf8')}`);
    }
    console.error('Write the migration on purpose (npm run db:generate) if the change is meant; otherwise undo the change to the tables.');
    process.exitCode = 1;
  } else {
    console.log('db:check: the tables and the migrations agree (drizzle-kit generate has nothing to write).');
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
