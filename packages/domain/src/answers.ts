import { z } from 'zod';
import { MESSAGES, type MessageCode } from './messages.ts';

/**
 * Parts every call's contract shares: the failure answer, the session fields
 * that may ride along in a body, and ISO instants as answers carry them.
 */

export const MESSAGE_CODES = Object.keys(MESSAGES) as [MessageCode, ...MessageCode[]];
export const messageCodeSchema = z.enum(MESSAGE_CODES);

/** An instant as every answer carries it: UTC ISO 8601 (`2024-05-17T08:30:00.000Z`). */
export const instantSchema = z.iso.datetime();
/** A calendar day as answers carry it: `YYYY-MM-DD`. */
export const daySchema = z.iso.date();

/**
 * Every refusal and failure: `message` is the Bosnian text of `code`, `field`
 * names the input that was refused when there is one, and `params` are the
 * values of the message's placeholders (a client showing it in English or German
 * fills them in the same way).
 */
export const failureAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  code: messageCodeSchema,
  field: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
}).meta({ description: 'A refusal or failure: the Bosnian message, its catalogue code and the refused field.' });
export type FailureAnswer = z.output<typeof failureAnswer>;

/** The failure answers every call can give (4xx refusals, 5xx failures). */
export const failureResponses = { '4xx': failureAnswer, '5xx': failureAnswer } as const;

/** Token and site ride along in bodies as the spec's clients send them; the auth hook reads them, the handlers ignore them. */
export const sessionFields = {
  token: z.string().max(200).optional(),
  site: z.string().max(100).optional(),
};

/** A `{ success: true, ... }` answer. */
export function successAnswer<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** A path parameter naming a record: its id (uuid) or, where a route says so, another key. */
export function pathParam(description: string) {
  return z.string().min(1).max(200).meta({ description });
}

/** A file's bytes, sent as they are (never serialised as JSON): PDF, XLSX. */
export const pdfBytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/** A success answer that is a file, described by its media type in the OpenAPI document. */
export function fileAnswer<T extends z.ZodType>(mediaType: string, description: string, schema: T) {
  return { description, content: { [mediaType]: { schema: schema.meta({ type: 'string', format: 'binary' }) } } };
}
