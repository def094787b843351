import { z } from 'zod';
import { failureResponses, fileAnswer, messageCodeSchema, pdfBytesSchema, successAnswer } from '../answers.ts';
import { IMPORT_CHUNK_ROWS, MAX_IMPORT_ROWS, importRowSchema } from './rows.ts';
import { defineCall } from '../call.ts';

/** A problem of a row as the answers carry it: the column, the message code and its Bosnian text. */
export const importProblemSchema = z.object({ field: z.string(), code: messageCodeSchema, message: z.string() });

/** POST /api/import/pregled: the file's rows, each with its problems (none: the row can be imported). */
export const importPreviewAnswer = successAnswer({
  rows: z.array(importRowSchema.extend({ problems: z.array(importProblemSchema) })).max(MAX_IMPORT_ROWS),
  ukupno: z.number().int(),
  ispravnih: z.number().int(),
});
export type ImportPreviewAnswer = z.output<typeof importPreviewAnswer>;
export type ImportPreviewRow = ImportPreviewAnswer['rows'][number];

export const IMPORT_OUTCOMES = ['kreiran', 'postoji', 'greska'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** The result of one row: created, found already (nothing created), or refused with its problems. */
export const importResultSchema = z.object({
  red: z.number().int(),
  referenca: z.string(),
  jmbg: z.string(),
  status: z.enum(IMPORT_OUTCOMES),
  /** The sample's code when it was created or found. */
  code: z.string().nullable(),
  /** The patient was registered by this import (false: found by JMBG). */
  noviPacijent: z.boolean(),
  poruka: z.string(),
});
export type ImportResult = z.output<typeof importResultSchema>;

/** POST /api/import/uvoz: one part of the file's rows. */
export const importRequest = z.object({ rows: z.array(importRowSchema).min(1, { error: 'form.required' }).max(IMPORT_CHUNK_ROWS) });
export const importAnswer = successAnswer({ results: z.array(importResultSchema) });
export type ImportAnswer = z.output<typeof importAnswer>;

/** POST /api/import/rezultat: the per-row results as a workbook. */
export const importResultFileRequest = z.object({ results: z.array(importResultSchema).max(MAX_IMPORT_ROWS) });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const importContracts = {
  template: defineCall({
    method: 'GET', path: '/import/predlozak', permission: 'samples.write',
    response: { 200: fileAnswer(XLSX, 'The import template (.xlsx)', pdfBytesSchema), ...failureResponses },
  }),
  preview: defineCall({
    method: 'POST', path: '/import/pregled', permission: 'samples.write',
    bodyKind: 'bytes', response: { 200: importPreviewAnswer, ...failureResponses },
  }),
  import: defineCall({
    method: 'POST', path: '/import/uvoz', permission: 'samples.write',
    body: importRequest, response: { 200: importAnswer, ...failureResponses },
  }),
  resultFile: defineCall({
    method: 'POST', path: '/import/rezultat', permission: 'samples.write',
    body: importResultFileRequest, response: { 200: fileAnswer(XLSX, 'The per-row results (.xlsx)', pdfBytesSchema), ...failureResponses },
  }),
} as const;
