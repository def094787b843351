import { z } from 'zod';
import { failureResponses, fileAnswer, instantSchema, pathParam, pdfBytesSchema, sessionFields, successAnswer } from '../answers.ts';
import { BYTES_PER_MB, CHAT_FILE_TYPE_LIST, CHAT_MAX_FILE_MB_LIMIT, CHAT_MAX_FILES, CHAT_MAX_TEXT } from './files.ts';
import { defineCall } from '../call.ts';

/**
 * Contracts of the staff chat: one conversation per site, read by everyone
 * signed in on that site; text and image or PDF files. Text is plain text,
 * stored and shown exactly as typed (markup in it is just characters).
 */

/** Base64 text of the largest file the settings can allow: 4 characters per 3 bytes. */
export const CHAT_MAX_FILE_BASE64 = Math.ceil((CHAT_MAX_FILE_MB_LIMIT * BYTES_PER_MB) / 3) * 4;

export const chatAttachmentSchema = z.object({
  _id: z.string(),
  /** The file's name as it was sent. */
  naziv: z.string(),
  /** The media type its bytes proved. */
  tip: z.enum(CHAT_FILE_TYPE_LIST),
  /** Size in bytes. */
  velicina: z.number().int().nonnegative(),
});
export type ChatAttachment = z.output<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  _id: z.string(),
  tekst: z.string(),
  autor: z.object({ _id: z.string(), ime: z.string(), prezime: z.string() }),
  created_at: instantSchema,
  prilozi: z.array(chatAttachmentSchema),
});
export type ChatMessage = z.output<typeof chatMessageSchema>;

/** A message as the socket delivers it: the message and the site it belongs to. */
export type ChatMessageEvent = { poruka: ChatMessage; site: string };

export const chatHistoryQuery = z.object({
  /** Messages older than this one (its `_id`); without it the newest page. */
  prije: z.string().max(100).optional(),
  ...sessionFields,
});
export const chatHistoryAnswer = successAnswer({
  /** Oldest first. */
  poruke: z.array(chatMessageSchema),
  /** Whether older messages exist before the first one of this page. */
  starije: z.boolean(),
});
export type ChatHistoryAnswer = z.output<typeof chatHistoryAnswer>;

export const chatFileInput = z.object({
  naziv: z.string().trim().min(1).max(255),
  /** The file's bytes as base64. */
  sadrzaj: z.base64().min(1).max(CHAT_MAX_FILE_BASE64),
});
export const chatSendRequest = z.object({
  tekst: z.string().max(CHAT_MAX_TEXT).default(''),
  prilozi: z.array(chatFileInput).max(CHAT_MAX_FILES).default([]),
  ...sessionFields,
});
export const chatSendAnswer = successAnswer({ poruka: chatMessageSchema });
export type ChatSendAnswer = z.output<typeof chatSendAnswer>;

export const chatUnreadAnswer = successAnswer({
  neprocitano: z.number().int().nonnegative(),
  /** The largest file the lab allows (bytes), so the composer refuses a bigger one before sending it. */
  max_velicina: z.number().int().positive(),
});
export type ChatUnreadAnswer = z.output<typeof chatUnreadAnswer>;

export const chatMarkReadRequest = z.object({
  /** The newest message the reader has seen (`_id`). */
  do: z.string().min(1).max(100),
  ...sessionFields,
});
export const chatMarkReadAnswer = successAnswer({ neprocitano: z.number().int().nonnegative() });

/** The request body of a send can carry the files as base64: room for every file at the largest size allowed. */
export const CHAT_SEND_BODY_LIMIT = CHAT_MAX_FILES * CHAT_MAX_FILE_BASE64 + CHAT_MAX_TEXT * 4 + 64 * 1024;

export const chatContracts = {
  history: defineCall({
    method: 'GET', path: '/chat/poruke', permission: 'chat.read',
    querystring: chatHistoryQuery, response: { 200: chatHistoryAnswer, ...failureResponses },
  }),
  send: defineCall({
    method: 'POST', path: '/chat/poruke', permission: 'chat.write',
    body: chatSendRequest, response: { 200: chatSendAnswer, ...failureResponses },
  }),
  file: defineCall({
    method: 'GET', path: '/chat/prilozi/:id', permission: 'chat.read',
    params: z.object({ id: pathParam('The file (`_id` of an attachment).'),
  }),
    querystring: z.object({ ...sessionFields }),
    response: { 200: fileAnswer('application/octet-stream', 'The file as it was sent, with its own media type.', pdfBytesSchema), ...failureResponses },
  }),
  unread: defineCall({
    method: 'GET', path: '/chat/neprocitano', permission: 'chat.read',
    querystring: z.object({ ...sessionFields }), response: { 200: chatUnreadAnswer, ...failureResponses },
  }),
  markRead: defineCall({
    method: 'POST', path: '/chat/procitano', permission: 'chat.read',
    body: chatMarkReadRequest, response: { 200: chatMarkReadAnswer, ...failureResponses },
  }),
} as const;
