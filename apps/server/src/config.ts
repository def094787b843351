import { existsSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite: writes answer 503 while DATA_DIR's disk has less than this many MB free (db/disk-room.ts). */
  dataDirMinFreeMb: number;
  /** Directory served for /.well-known/acme-challenge/ (certificate renewal). */
  acmeDir: string | undefined;
  /** Absolute session lifetime, whatever the activity. */
  sessionMaxHours: number;
  webDist: string;
  logLevel: string;
  seedDemo: boolean;
  /** The demo seed's autoverification rule set at SA starts switched on (DEMO_AUTOVERIFICATION=false: off, as the e2e servers start). */
  demoAutoverification: boolean;
  /** false, true, or a comma-separated list of proxy addresses/CIDRs, as Fastify's trustProxy takes it. */
  trustProxy: boolean | string;
  /** Where DejaVu Sans is read for printed documents (invoices, report exports). */
  pdfFontDir: string;
  /** The outbox's SMTP server (smtp://user:pass@host:587, smtps:// for TLS from the start); unset: .eml files under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The sender of the outbox's e-mails. */
  smtpFrom: string;
  /** Several servers: how long an analyser's lease lasts unless renewed, and how often it is renewed. */
  analyserLeaseTtlSeconds: number;
  analyserLeaseRoundSeconds: number;
  /** How long a message being sent may stay claimed before another worker takes it as its sender's process died. */
  outboxClaimStaleSeconds: number;
  /** SIGTERM: how long requests in flight (and analyser messages in hand) may take to finish before their connections are cut. */
  shutdownGraceSeconds: number;
  /** Temperature readings over MQTT: the broker to subscribe to; unset runs an embedded broker on mqttHost:mqttPort. */
  mqttUrl: string | undefined;
  mqttHost: string;
  mqttPort: number;
  /** The account the server signs in to MQTT_URL with. The embedded broker admits only each refrigerator's own credentials. */
  mqttUsername: string | undefined;
  mqttPassword: string | undefined;
  /**
   * A folder of microbiology reference data (EUCAST breakpoints and the rest, see modules/microbiology/
   * reference-import.ts), imported at start-up when the database has none: MICRO_REFERENCE_DIR, else the
   * nearest shared/reference-data above the repository (a development checkout); undefined when neither exists.
   */
  microReferenceDir: string | undefined;
  /** PostgreSQL: how long a call waits for a connection, and how long one statement may run, before it answers 503. */
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
  /** The lab's report-signing certificate: a PKCS#12 file and its password; unset: the one installed in the settings, else a self-signed one. */
  reportSigningP12: string | undefined;
  reportSigningPassword: string | undefined;
  /** The address the lab's web app is reached at from outside: the reports' QR codes point to PUBLIC_URL/provjera/{token}. */
  publicUrl: string;
}

/** Debian's fonts-dejavu-core. */
export const DEFAULT_PDF_FONT_DIR = '/usr/share/fonts/truetype/dejavu';

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
    demoAutoverification: (env.DEMO_AUTOVERIFICATION ?? 'true') !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pdfFontDir: env.PDF_FONT_DIR ? path.resolve(typedIn, env.PDF_FONT_DIR) : DEFAULT_PDF_FONT_DIR,
    dataDirMinFreeMb: Number(env.DATA_DIR_MIN_FREE_MB ?? 64),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || 'LIS <nalazi@localhost>',
    outboxClaimStaleSeconds: Number(env.OUTBOX_CLAIM_STALE_SECONDS ?? 600),
    shutdownGraceSeconds: Number(env.SHUTDOWN_GRACE_SECONDS ?? 10),
    analyserLeaseTtlSeconds: Number(env.ANALYSER_LEASE_TTL_SECONDS ?? 20),
    analyserLeaseRoundSeconds: Number(env.ANALYSER_LEASE_ROUND_SECONDS ?? 5),
    mqttUrl: env.MQTT_URL || undefined,
    // Loopback unless configured: gateways on other machines need MQTT_HOST set on purpose (0.0.0.0 or an address).
    mqttHost: env.MQTT_HOST || '127.0.0.1',
    mqttPort: Number(env.MQTT_PORT ?? 1883),
    mqttUsername: env.MQTT_USERNAME || undefined,
    mqttPassword: env.MQTT_PASSWORD || undefined,
    microReferenceDir: env.MICRO_REFERENCE_DIR ? path.resolve(typedIn, env.MICRO_REFERENCE_DIR) : nearestSharedReferenceData(root),
    dbConnectTimeoutMs: Number(env.DB_CONNECT_TIMEOUT_MS ?? 5_000),
    dbStatementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 30_000),
    reportSigningP12: env.REPORT_SIGNING_P12 ? path.resolve(typedIn, env.REPORT_SIGNING_P12) : undefined,
    reportSigningPassword: env.REPORT_SIGNING_PASSWORD ?? undefined,
    publicUrl: env.PUBLIC_URL || `http://localhost:${env.PORT ?? 8080}`,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** The nearest folder shared/reference-data above the repository root (a worktree may sit deeper), or undefined. */
function nearestSharedReferenceData(root: string): string | undefined {
  for (let from = path.dirname(root); ; from = path.dirname(from)) {
    const candidate = path.join(from, 'shared', 'reference-data');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(from) === from) return undefined;
  }
}
