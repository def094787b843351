import { z } from 'zod';
import { failureResponses, instantSchema, messageCodeSchema, pathParam, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { OUTBOX_STATUSES } from './delivery.ts';
import { defineCall } from '../call.ts';

/**
 * The contract of the HL7 outbound queue (/nalazi/hl7), beside the e-mail outbox: one ORU^R01 per verified
 * (or corrected) report of a sample whose partner has an HL7 destination, sent over MLLP. Its statuses and
 * its retry rules are the outbox's (delivery.ts).
 */

const statusSchema = z.enum(OUTBOX_STATUSES);

/** A row of GET /api/hl7/list. */
export const hl7ListRow = z.object({
  _id: z.string(),
  status: statusSchema,
  /** The partner it goes to and its destination (host:port) as queued. */
  narucilac: z.string(),
  odrediste: z.string(),
  /** MSH-10: the message control id, the same on every attempt. */
  control_id: z.string(),
  /** The report version; above 1 a correction (result status C). */
  verzija: z.number().int(),
  attempts: z.number().int(),
  next_attempt_at: instantSchema,
  /** The receiver's last acknowledgement (AA/AE/AR and its text), or why none came; null before the first attempt. */
  last_reply: z.string().nullable(),
  sent_at: instantSchema.nullable(),
  created_at: instantSchema,
  updated_at: instantSchema,
  idNalaza: z.string(),
  code: z.string(),
  ime: z.string(),
  prezime: z.string(),
});
export type Hl7ListRow = z.output<typeof hl7ListRow>;
export const hl7ListAnswer = listAnswerSchema(hl7ListRow);
export type Hl7ListAnswer = z.output<typeof hl7ListAnswer>;

/** GET /api/hl7/list: the list query (days on the time queued), plus `status` (repeatable). */
export const hl7ListQuery = listQuerySchema.extend({
  status: z.union([statusSchema, z.array(statusSchema).max(OUTBOX_STATUSES.length)]).optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});

export const hl7ShowAnswer = successAnswer({
  poruka: hl7ListRow.extend({ body: z.string() }),
  attempts: z.array(z.object({ at: instantSchema, outcome: z.enum(['sent', 'retry', 'failed']), reply: z.string() })),
});
export type Hl7ShowAnswer = z.output<typeof hl7ShowAnswer>;

/** POST /api/hl7/resend: queue the message again, due now. */
export const hl7ResendRequest = z.object({ ...sessionFields, id: z.guid({ error: 'form.required' }) });
export const hl7ResendAnswer = successAnswer({ status: statusSchema, message: z.string(), code: messageCodeSchema });

/** The site's inbound order listener (MLLP, ORM^O01 / OML^O21 from a hospital system): its port and its state in this server. */
export const hl7InboundSchema = z.object({
  port: z.number().int().nullable(),
  stanje: z.enum(['off', 'listening', 'error']),
  greska: z.string().nullable(),
});
export type Hl7Inbound = z.output<typeof hl7InboundSchema>;

/** POST /api/hl7/ulaz: the port of the site's listener; null turns it off. */
export const hl7InboundRequest = z.object({
  ...sessionFields,
  port: z.number({ error: 'partners.hl7PortInvalid' }).int({ error: 'partners.hl7PortInvalid' }).min(1, { error: 'partners.hl7PortInvalid' })
    .max(65535, { error: 'partners.hl7PortInvalid' }).nullable(),
});

export const hl7Contracts = {
  list: defineCall({
    method: 'GET', path: '/hl7/list', permission: 'reports.read',
    querystring: hl7ListQuery, response: { 200: hl7ListAnswer, ...failureResponses },
  }),
  show: defineCall({
    method: 'GET', path: '/hl7/:id', permission: 'reports.read',
    params: z.object({ id: pathParam('HL7 message id (uuid)') }), response: { 200: hl7ShowAnswer, ...failureResponses },
  }),
  resend: defineCall({
    method: 'POST', path: '/hl7/resend', permission: 'outbox.send',
    body: hl7ResendRequest, response: { 200: hl7ResendAnswer, ...failureResponses },
  }),
  inbound: defineCall({
    method: 'GET', path: '/hl7/ulaz', permission: 'settings.read',
    response: { 200: successAnswer({ ulaz: hl7InboundSchema }), ...failureResponses },
  }),
  saveInbound: defineCall({
    method: 'POST', path: '/hl7/ulaz', permission: 'settings.write',
    body: hl7InboundRequest, response: { 200: successAnswer({ ulaz: hl7InboundSchema, message: z.string(), code: messageCodeSchema }), ...failureResponses },
  }),
} as const;
