/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file> [--replace]`: the whole database, PostgreSQL
 * (DATABASE_URL) or embedded PGlite (DATA_DIR), as db/backup.ts describes. A relative file is relative to the
 * directory the command was typed in.
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { BackupError, backupPglite, backupPostgres, restorePglite, restorePostgres } from './db/backup.ts';

const USAGE = 'usage: npm run backup [-- <file>]  |  npm run restore -- <file> [--replace]';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const replace = rest.includes('--replace');
  const fileArgument = rest.find((argument) => !argument.startsWith('--'));
  const unknown = rest.filter((argument) => argument.startsWith('--') && argument !== '--replace');
  if (unknown.length > 0) throw new BackupError(`unknown option ${unknown.join(', ')}\n${USAGE}`);
  const config = loadConfig();
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  const kind = config.databaseUrl ? 'postgres' : 'pglite';

  if (command === 'backup') {
    const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
    const file = path.resolve(typedIn, fileArgument ?? `lis-backup-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
    if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
    else await backupPglite(config.dataDir, file);
    console.log(`Backup of the ${kind === 'postgres' ? 'PostgreSQL database (DATABASE_URL)' : 'embedded database (DATA_DIR)'} written to ${file}`);
    return;
  }
  if (command === 'restore') {
    if (!fileArgument) throw new BackupError(`name the backup file to restore\n${USAGE}`);
    const file = path.resolve(typedIn, fileArgument);
    if (config.databaseUrl) {
      await restorePostgres(config.databaseUrl, file, { replace });
      console.log('Restored into the PostgreSQL database (DATABASE_URL). Start the server: it applies any newer migrations.');
    } else {
      const { movedAside } = await restorePglite(config.dataDir, file, { replace });
      if (movedAside) console.log(`The previous embedded database was moved aside to ${movedAside}.`);
      console.log('Restored into the embedded database (DATA_DIR). Start the server: it applies any newer migrations.');
    }
    return;
  }
  throw new BackupError(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
