import type { FastifyInstance } from 'fastify';
import { healthContract, readinessContract } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { checkReadiness } from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

export function healthRoutes(app: FastifyInstance, { db, assertWritable }: AppOptions): Promise<void> {
  registerCall(app, healthContract, {
    tags: ['health'],
    summary: 'Liveness: is the server process up and serving?',
    description: '`200 { status: "ok" }` whenever the process can answer, also while its database is unreachable '
      + '(a supervisor restarting the process would not bring the database back). Readiness is `/api/health/ready`.',
  }, () => ({ status: 'ok' as const }));
  registerCall(app, readinessContract, {
    tags: ['health'],
    summary: 'Readiness: can the server serve calls (its database answers)?',
    description: '`200 { status: "ok" }`; the database cannot be reached, or (embedded PGlite) its disk has less free than DATA_DIR_MIN_FREE_MB: '
      + '`503 { code: "db.connection" }` ("Greška prilikom konekcije na DB."). '
      + 'For load balancers, and for the web app, which polls it while it shows that the database is unreachable.',
  }, () => checkReadiness(db, assertWritable));
  return Promise.resolve();
}
