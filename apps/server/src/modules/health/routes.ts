import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthContract } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { checkHealth } from './service.ts';

export function healthRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health', {
    config: { permission: 'public' },
    schema: {
      tags: ['health'], summary: 'Is the server up and its database reachable?',
      description: '`200 { status: "ok" }`; the database cannot be reached: `503 { code: "db.connection" }` ("Greška prilikom konekcije na DB.").',
      ...healthContract,
    },
  }, () => checkHealth(db));
  return Promise.resolve();
}
