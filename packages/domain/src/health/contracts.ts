import { z } from 'zod';
import { failureAnswer, failureResponses } from '../answers.ts';

/** GET /api/health: the server is up and its database answers. */
export const healthAnswer = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.output<typeof healthAnswer>;

export const healthContract = {
  response: { 200: healthAnswer, 503: failureAnswer, ...failureResponses },
} as const;
