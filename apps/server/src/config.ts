import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Directory served for /.well-known/acme-challenge/ (certificate renewal). */
  acmeDir: string | undefined;
  /** Absolute session lifetime, whatever the activity. */
  sessionMaxHours: number;
  webDist: string;
  logLevel: string;
  seedDemo: boolean;
  /** false, true, or a comma-separated list of proxy addresses/CIDRs, as Fastify's trustProxy takes it. */
  trustProxy: boolean | string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  // `npm start` runs the server inside apps/server; relative paths mean the directory the command was typed in.
  const typedIn = env.INIT_CWD ?? process.cwd();
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ? path.resolve(typedIn, env.DATA_DIR) : path.join(root, 'data'),
    acmeDir: env.ACME_CHALLENGE_DIR ? path.resolve(typedIn, env.ACME_CHALLENGE_DIR) : undefined,
    sessionMaxHours: Number(env.SESSION_MAX_HOURS ?? 12),
    webDist: env.WEB_DIST ? path.resolve(typedIn, env.WEB_DIST) : path.join(root, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
