import type { Db } from './db/client.ts';
import type { Config } from './config.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { ReadingIngest } from './modules/logger/ingest.ts';
import type { Integration } from './modules/integration/service.ts';

/**
 * What the app is built from. It lives apart from app.ts so the feature
 * modules, which app.ts registers, can take it without importing app.ts back.
 */
export interface AppOptions {
  db: Db;
  config: Pick<Config, 'acmeDir' | 'sessionMaxHours' | 'webDist' | 'logLevel'> & Partial<Pick<Config, 'trustProxy' | 'pdfFontDir' | 'reportSigningP12' | 'reportSigningPassword' | 'publicUrl'>>;
  logger?: boolean;
  realtime?: RealtimeHub;
  /** The e-mail outbox's worker, woken when a call has queued a message (without one, messages wait for the next start). */
  outbox?: { wake(): void };
  /** The HL7 outbound queue's worker, woken when a verification or a resend has queued a message. */
  hl7?: { wake(): void };
  /** The sites' inbound HL7 order listeners (a site's is restarted when its port is saved); without them, saved ports apply at the next start. */
  hl7Orders?: { reload(siteId: string): Promise<void>; state(siteId: string): { port: number | null; stanje: 'off' | 'listening' | 'error'; greska: string | null } };
  /** The temperature readings' ingest the MQTT listener feeds too (main.ts); without one the logger routes make their own. */
  readingIngest?: ReadingIngest;
  /** The analysers' connections and ingest of this process (main.ts starts them); without one, saves open no port. */
  integration?: Integration;
  /** Throws while the database cannot take writes (PGlite's disk below its reserve): readiness then answers 503. */
  assertWritable?: () => Promise<void>;
}
