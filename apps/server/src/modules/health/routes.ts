import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppOptions } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';

export async function healthRoutes(api: FastifyInstance, { db }: AppOptions): Promise<void> {
  api.get('/health', { config: { permission: 'public' } }, async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw new AppError(503, 'db.connection');
    }
    return { status: 'ok' };
  });
}
