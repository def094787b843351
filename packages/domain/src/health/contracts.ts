import { z } from 'zod';
import { failureAnswer, failureResponses } from '../answers.ts';

/** GET /api/health (liveness: the process serves) and GET /api/health/ready (readiness: its database answers too). */
export const healthAnswer = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.output<typeof healthAnswer>;

export const healthContract = {
  response: { 200: healthAnswer, ...failureResponses },
} as const;

export const readinessContract = {
  response: { 200: healthAnswer, 503: failureAnswer, ...failureResponses },
} as const;
