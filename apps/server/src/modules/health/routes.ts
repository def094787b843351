import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthContract, readinessContract } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { checkReadiness } from './service.ts';

export function healthRoutes(app: FastifyInstance, { db, assertWritable }: AppOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health', {
    config: { permission: 'public' },
    schema: {
      tags: ['health'], summary: 'Liveness: is the server process up and serving?',
      description: '`200 { status: "ok" }` whenever the process can answer, also while its database is unreachable '
        + '(a supervisor restarting the process would not bring the database back). Readiness is `/api/health/ready`.',
      ...healthContract,
    },
  }, () => ({ status: 'ok' as const }));
  api.get('/health/ready', {
    config: { permission: 'public' },
    schema: {
      tags: ['health'], summary: 'Readiness: can the server serve calls (its database answers)?',
      description: '`200 { status: "ok" }`; the database cannot be reached, or (embedded PGlite) its disk has less free than DATA_DIR_MIN_FREE_MB: '
        + '`503 { code: "db.connection" }` ("Greška prilikom konekcije na DB."). '
        + 'For load balancers, and for the web app, which polls it while it shows that the database is unreachable.',
      ...readinessContract,
    },
  }, () => checkReadiness(db, assertWritable));
  return Promise.resolve();
}
