import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { sitesOfUser } from '../auth/repository.ts';
import { siteAnswer } from '../auth/service.ts';

export async function siteRoutes(api: FastifyInstance, { db }: AppOptions): Promise<void> {
  api.get('/postavke/sajtovi/list', { config: { permission: 'authenticated' } }, async (request) => {
    const sajtovi = await sitesOfUser(db, request.ctx.userId);
    return { success: true, sajtovi: sajtovi.map(siteAnswer) };
  });

  api.post('/postavke/sajtovi/:site', { config: { permission: 'authenticated' } }, async (request) => {
    const { site } = request.params as { site: string };
    const sajt = (await sitesOfUser(db, request.ctx.userId)).find((row) => row.id === site || row.sifra === site);
    if (!sajt) throw AppError.forbidden('auth.siteForbidden');
    return { success: true, sajt: siteAnswer(sajt) };
  });
}
