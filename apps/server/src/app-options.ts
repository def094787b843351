import type { Db } from './db/client.ts';
import type { Config } from './config.ts';
import type { RealtimeHub } from './realtime/hub.ts';

/**
 * What the app is built from. It lives apart from app.ts so the feature
 * modules, which app.ts registers, can take it without importing app.ts back.
 */
export interface AppOptions {
  db: Db;
  config: Pick<Config, 'acmeDir' | 'sessionMaxHours' | 'webDist' | 'logLevel'> & Partial<Pick<Config, 'trustProxy'>>;
  logger?: boolean;
  realtime?: RealtimeHub;
}
