import { z } from 'zod';
import { failureAnswer, failureResponses } from '../answers.ts';
import { defineCall } from '../call.ts';

/** GET /api/health (liveness: the process serves) and GET /api/health/ready (readiness: its database answers too). */
export const healthAnswer = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.output<typeof healthAnswer>;

export const healthContract = defineCall({
  method: 'GET', path: '/health', permission: 'public',
  response: { 200: healthAnswer, ...failureResponses },
});

export const readinessContract = defineCall({
  method: 'GET', path: '/health/ready', permission: 'public',
  response: { 200: healthAnswer, 503: failureAnswer, ...failureResponses },
});
