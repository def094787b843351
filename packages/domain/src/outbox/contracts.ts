import { z } from 'zod';
import { failureResponses, instantSchema, messageCodeSchema, pathParam, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { LANGUAGES } from '../messages.ts';
import { isValidEmail } from '../patient/intake.ts';
import { OUTBOX_STATUSES } from './delivery.ts';
import { defineCall } from '../call.ts';

/**
 * The contract of the e-mail outbox (/nalazi/outbox) and the group e-mail
 * to orderers (/narucioci). An outbox message is one e-mail: to a patient
 * (the report of one sample) or to an orderer (the reports of a date range).
 */

const statusSchema = z.enum(OUTBOX_STATUSES);

/**
 * Who a group e-mail goes to: the referring location (`lokacija`) of the samples, whose address is kept
 * on /narucioci, or the sample's partner (`partner`), whose report addresses are kept on /partneri.
 */
export const ORDERER_KINDS = ['lokacija', 'partner'] as const;
export const ordererKindSchema = z.enum(ORDERER_KINDS);
export type OrdererKind = (typeof ORDERER_KINDS)[number];

/** A row of GET /api/outbox/list. */
export const outboxListRow = z.object({
  _id: z.string(),
  status: statusSchema,
  /** The recipient's address. */
  email: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  next_attempt_at: instantSchema,
  /** The SMTP server's last reply (or why no server answered); null before the first attempt. */
  last_reply: z.string().nullable(),
  sent_at: instantSchema.nullable(),
  created_at: instantSchema,
  updated_at: instantSchema,
  /** The sample whose report it carries (a patient's mail); null for a group e-mail. */
  idNalaza: z.string().nullable(),
  code: z.string().nullable(),
  ime: z.string().nullable(),
  prezime: z.string().nullable(),
  /** The orderer of a group e-mail; null for a patient's mail. */
  narucilac: z.string().nullable(),
  prilozi: z.number().int(),
});
export type OutboxListRow = z.output<typeof outboxListRow>;
export const outboxListAnswer = listAnswerSchema(outboxListRow);
export type OutboxListAnswer = z.output<typeof outboxListAnswer>;

/** GET /api/outbox/list: the list query (days on the time queued), plus `status` (repeatable). */
export const outboxListQuery = listQuerySchema.extend({
  status: z.union([statusSchema, z.array(statusSchema).max(OUTBOX_STATUSES.length)]).optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
});

const messageId = z.guid({ error: 'form.required' });

/** POST /api/outbox/resend: queue the message again, due now. */
export const outboxResendRequest = z.object({ ...sessionFields, id: messageId });
export const outboxResendAnswer = successAnswer({ status: statusSchema, message: z.string(), code: messageCodeSchema });

/**
 * POST /api/outbox/delete, the spec's payload: `eNalaz` the outbox message,
 * `idNalaza` the sample of its report (checked when given), `status` the
 * status the caller saw (when it is an outbox status and the message has
 * moved on since, 409, so a mail is never removed on a stale view). `email`
 * and `flag` are the spec's client's fields; the session decides who deletes.
 */
export const outboxDeleteRequest = z.object({
  ...sessionFields,
  eNalaz: messageId,
  idNalaza: z.union([z.guid(), z.literal('')]).nullish(),
  status: z.union([z.string().max(100), z.boolean(), z.number()]).optional(),
  flag: z.union([z.string().max(100), z.boolean(), z.number()]).optional(),
  email: z.string().max(320).optional(),
});
export const outboxDeleteAnswer = successAnswer({ message: z.string(), code: messageCodeSchema });

export const outboxIdParams = z.object({ id: pathParam('Outbox message id (uuid)') });

/** An attached report: the report version, its language and its file name. */
export const outboxAttachmentSchema = z.object({
  id: z.string(),
  jezik: z.enum(LANGUAGES).nullable(),
  verzija: z.number().int().nullable(),
  sid: z.string().nullable(),
  filename: z.string(),
});

/** One attempt to hand the message to the SMTP server. */
export const outboxAttemptSchema = z.object({
  at: instantSchema,
  outcome: z.enum(['sent', 'retry', 'failed']),
  reply: z.string(),
});

/** GET /api/outbox/{id}: the message, its attempts (oldest first) and the report it carries. */
export const outboxShowAnswer = successAnswer({
  poruka: outboxListRow.extend({
    body: z.string(),
    message_id: z.string(),
    prilozi_lista: z.array(outboxAttachmentSchema),
  }),
  attempts: z.array(outboxAttemptSchema),
  nalaz: z.object({ sid: z.string(), code: z.string(), status: z.string(), pid: z.string() }).nullable(),
});
export type OutboxShowAnswer = z.output<typeof outboxShowAnswer>;


const emailText = z.string().trim().max(254).refine((value) => value === '' || isValidEmail(value), { error: 'patient.emailInvalid' });

/** GET /api/narucioci/list: every orderer the site's samples name, with the address kept for it and its reports in the range. */
export const orderersQuery = z.object({ dateRangeMin: z.iso.date().optional(), dateRangeMax: z.iso.date().optional() });
export const ordererRow = z.object({
  vrsta: ordererKindSchema,
  naziv: z.string(),
  email: z.string(),
  /** Verified samples with a report in the range (0 without a range). */
  nalaza: z.number().int(),
});
export type OrdererRow = z.output<typeof ordererRow>;
export const orderersAnswer = successAnswer({ narucioci: z.array(ordererRow) });
export type OrderersAnswer = z.output<typeof orderersAnswer>;

/** POST /api/narucioci/email: the address an orderer's group e-mail goes to ('' removes it). */
export const ordererEmailRequest = z.object({
  /** Only a referring location's address is set here; a partner's are edited with the partner (/partneri). */
  vrsta: z.enum(['lokacija'], { error: 'form.invalid' }).default('lokacija'),
  naziv: z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(200),
  email: emailText,
});
export const ordererEmailAnswer = successAnswer({ narucilac: ordererRow, message: z.string(), code: messageCodeSchema });

/** POST /api/narucioci/send: queue the group e-mail of a range of verification days (at most 31). */
export const groupMailRequest = z.object({
  dateRangeMin: z.iso.date({ error: 'form.required' }),
  dateRangeMax: z.iso.date({ error: 'form.required' }),
});
export const groupMailJobSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  /** Orderers done and in all. */
  done: z.number().int(),
  total: z.number().int(),
  /** Messages queued so far. */
  queued: z.number().int(),
  /** Orderers with reports in the range but no address: named so the lab can add one. */
  bezAdrese: z.array(z.string()),
  error: z.string().nullable(),
});
export type GroupMailJob = z.output<typeof groupMailJobSchema>;
export const groupMailAnswer = successAnswer({ job: groupMailJobSchema });
export type GroupMailAnswer = z.output<typeof groupMailAnswer>;
export const groupMailJobParams = z.object({ id: pathParam('Group e-mail job id') });

export const outboxContracts = {
  list: defineCall({
    method: 'GET', path: '/outbox/list', permission: 'reports.read',
    querystring: outboxListQuery, response: { 200: outboxListAnswer, ...failureResponses },
  }),
  resend: defineCall({
    method: 'POST', path: '/outbox/resend', permission: 'outbox.send',
    body: outboxResendRequest, response: { 200: outboxResendAnswer, ...failureResponses },
  }),
  delete: defineCall({
    method: 'POST', path: '/outbox/delete', permission: 'outbox.send',
    body: outboxDeleteRequest, response: { 200: outboxDeleteAnswer, ...failureResponses },
  }),
  show: defineCall({
    method: 'GET', path: '/outbox/:id', permission: 'reports.read',
    params: outboxIdParams, response: { 200: outboxShowAnswer, ...failureResponses },
  }),
  orderers: defineCall({
    method: 'GET', path: '/narucioci/list', permission: 'reports.read',
    querystring: orderersQuery, response: { 200: orderersAnswer, ...failureResponses },
  }),
  ordererEmail: defineCall({
    method: 'POST', path: '/narucioci/email', permission: 'outbox.send',
    body: ordererEmailRequest, response: { 200: ordererEmailAnswer, ...failureResponses },
  }),
  groupMail: defineCall({
    method: 'POST', path: '/narucioci/send', permission: 'outbox.send',
    body: groupMailRequest, response: { 202: groupMailAnswer, ...failureResponses },
  }),
  groupMailJob: defineCall({
    method: 'GET', path: '/narucioci/send/:id', permission: 'reports.read',
    params: groupMailJobParams, response: { 200: groupMailAnswer, ...failureResponses },
  }),
} as const;
