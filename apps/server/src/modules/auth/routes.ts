import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { message } from '@lis/domain';
import type { AppOptions } from '../../app.ts';
import { parseInput, sessionFields } from '../../lib/validation.ts';
import * as service from './service.ts';

const loginBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  returnSecureToken: z.boolean().optional(),
});

const logoutBody = z.object({
  ...sessionFields,
  user: z.string().max(254).optional(),
  language: z.string().max(10).optional(),
  idleTime: z.number().optional(),
  type: z.enum(['manual', 'automatic']).default('manual'),
});

const profileBody = z.object({ ...sessionFields, email: z.string().trim().min(1).max(254) });

const passwordBody = z.object({
  ...sessionFields,
  email: z.string().trim().min(1).max(254),
  password: z.string().max(200),
  novaSifra: z.string().max(200),
  potvrdaSifra: z.string().max(200),
});

export async function authRoutes(api: FastifyInstance, { db, config }: AppOptions): Promise<void> {
  api.post('/login/users', {
    config: { permission: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request) => {
    const body = parseInput(loginBody, request.body);
    const data = await service.login(db, {
      email: body.email, password: body.password, ip: request.ip, userAgent: request.headers['user-agent'] ?? '',
    }, config.sessionMaxHours);
    return { success: true, message: 'Ok', data };
  });

  api.post('/logout/users', { config: { permission: 'authenticated' } }, async (request) => {
    const body = parseInput(logoutBody, request.body);
    await service.logout(db, request.ctx, body.type);
    return { success: true };
  });

  api.post('/users/sifra', { config: { permission: 'authenticated' } }, async (request) => {
    const body = parseInput(passwordBody, request.body);
    await service.changePassword(db, request.ctx, body);
    return { success: true, message: message('password.changed'), code: 'password.changed' };
  });

  api.post('/users/:localPart', { config: { permission: 'authenticated' } }, async (request) => {
    const body = parseInput(profileBody, request.body);
    return { success: true, ...(await service.profile(db, request.ctx, body.email)) };
  });
}
