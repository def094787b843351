import { z } from 'zod';
import { failureResponses, instantSchema, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import {
  ANALYSER_PROTOCOLS, CONNECTION_STATES, MESSAGE_OUTCOMES, REVIEW_REASONS, analyserElementSchema, analyserTransportSchema,
} from './analyser.ts';
import { defineCall } from '../call.ts';

/** Contracts of the integration calls: the analysers' registry, their messages, review items and retry. */

/** The live state of an analyser's connection in this server process. */
export const connectionStatusSchema = z.object({
  stanje: z.enum(CONNECTION_STATES),
  /** Peers connected now (listen mode can have more than one). */
  veze: z.number().int(),
  /** The TCP port listened on (listen mode; the one the system chose when the setting is 0), else null. */
  port: z.number().int().nullable(),
  greska: z.string().nullable(),
});
export type ConnectionStatus = z.output<typeof connectionStatusSchema>;

/** An analyser as the registry and the overview show it. */
export const analyserAnswerSchema = z.looseObject({
  _id: z.string(),
  ime: z.string(),
  protokol: z.enum(ANALYSER_PROTOCOLS),
  transport: analyserTransportSchema,
  checksum: z.boolean(),
  mapa: z.record(z.string(), z.string()),
  aktivan: z.boolean(),
  veza: connectionStatusSchema,
  zadnja_poruka: instantSchema.nullable(),
  poruka_danas: z.number().int(),
  created_at: instantSchema,
  updated_at: instantSchema,
});
export type AnalyserAnswer = z.output<typeof analyserAnswerSchema>;

export const analyserListAnswer = listAnswerSchema(analyserAnswerSchema);
export type AnalyserListAnswer = z.output<typeof analyserListAnswer>;

/** POST /api/postavke/analysers/edit: `analyser` is the JSON element; with `_id` it changes that one, without it adds one. */
export const analyserEditBody = z.object({ analyser: analyserElementSchema, ...sessionFields });
export const analyserSavedAnswer = successAnswer({ message: z.string(), analyser: analyserAnswerSchema });
export type AnalyserSavedAnswer = z.output<typeof analyserSavedAnswer>;

/** A received message as /integracija/pregled lists it, with its raw text. */
export const analyserMessageRow = z.object({
  _id: z.string(),
  analyser: z.string(),
  analyser_ime: z.string(),
  primljeno: instantSchema,
  protokol: z.enum(ANALYSER_PROTOCOLS),
  vrsta: z.string().nullable(),
  kontrolni_id: z.string().nullable(),
  ishod: z.enum(MESSAGE_OUTCOMES),
  greska: z.string().nullable(),
  rezultata: z.number().int(),
  /** Control results stored as control runs (/kontrole). */
  kontrolnih: z.number().int(),
  za_pregled: z.number().int(),
  duplikata: z.number().int(),
  sirovo: z.string(),
});
export type AnalyserMessageRow = z.output<typeof analyserMessageRow>;
export const analyserMessagesQuery = listQuerySchema.extend({ analyser: z.uuid().optional() });
export const analyserMessagesAnswer = listAnswerSchema(analyserMessageRow);
export type AnalyserMessagesAnswer = z.output<typeof analyserMessagesAnswer>;

/** A result kept for review. */
export const reviewItemRow = z.object({
  _id: z.string(),
  poruka: z.string(),
  analyser_ime: z.string(),
  razlog: z.enum(REVIEW_REASONS),
  uzorak: z.string(),
  sid: z.string().nullable(),
  test: z.string(),
  vrijednost: z.string(),
  jedinica: z.string().nullable(),
  flag: z.string().nullable(),
  rijeseno: instantSchema.nullable(),
  created_at: instantSchema,
});
export type ReviewItemRow = z.output<typeof reviewItemRow>;
export const reviewItemsQuery = listQuerySchema.extend({ otvoreni: z.enum(['0', '1']).optional() });
export const reviewItemsAnswer = listAnswerSchema(reviewItemRow);
export type ReviewItemsAnswer = z.output<typeof reviewItemsAnswer>;

/** POST /api/retry: processes a stored message again (after the sample got the test, or the mapping was fixed). */
export const retryBody = z.object({ id: z.uuid(), ...sessionFields });
export const retryAnswer = successAnswer({ message: z.string(), ishod: z.enum(MESSAGE_OUTCOMES), primijenjeno: z.number().int(), za_pregled: z.number().int() });
export type RetryAnswer = z.output<typeof retryAnswer>;

/**
 * A row of the analyser assay table (/assays): one code of one analyser's map, the lab assay it maps to
 * (null fields when the catalogue no longer has that code) and whether the mapping is in force.
 */
export const analyserAssayRow = z.object({
  /** `<analyser id>:<code>`: a mapping row is its analyser and its code. */
  _id: z.string(),
  analyser: z.string(),
  analyser_ime: z.string(),
  analyser_aktivan: z.boolean(),
  kod: z.string(),
  sifra: z.string(),
  labassay: z.string().nullable(),
  naziv: z.string().nullable(),
  labassay_disabled: z.boolean().nullable(),
  /** Not switched off in the analyser's `mapa_iskljuceno`. */
  aktivan: z.boolean(),
});
export type AnalyserAssayRow = z.output<typeof analyserAssayRow>;
/** GET /api/assays/analyser/list: the list query plus `sifra` (rows mapping to that lab assay) and `analyser` (one analyser's rows). */
export const analyserAssaysQuery = listQuerySchema.extend({ sifra: z.string().trim().min(1).max(40).optional(), analyser: z.uuid().optional() });
export const analyserAssaysAnswer = listAnswerSchema(analyserAssayRow);
export type AnalyserAssaysAnswer = z.output<typeof analyserAssaysAnswer>;

/**
 * POST /api/integracija/provjera (the capture bench, /integracija): a capture pasted or uploaded for one of the
 * site's analysers, raw ASTM records, framed ASTM (STX … ETX with checksums, as a serial or TCP log shows them)
 * or HL7 (with or without MLLP bytes). `benchCheck` reads it as the ingest would and stores nothing.
 */
export const benchBody = z.object({ analyser: z.uuid(), tekst: z.string().min(1).max(1_000_000), ...sessionFields });

/** One result of a capture as the ingest would treat it: where it would land, or why it would be refused. */
export const benchResultRow = z.object({
  uzorak: z.string(),
  /** A sample with that code exists at the site. */
  uzorak_postoji: z.boolean(),
  /** A control specimen (its results go to quality control, never to a sample). */
  kontrola: z.boolean(),
  test: z.string(),
  /** The lab assay the code maps to (in force), null when not mapped. */
  sifra: z.string().nullable(),
  /** The value as sent. */
  vrijednost: z.string(),
  /** The value as it would be stored (analyserValue), null when it would not be. */
  pohranjeno: z.string().nullable(),
  jedinica: z.string().nullable(),
  flag: z.string().nullable(),
  /** Why it would be kept for review rather than applied; null: it would be applied. */
  razlog: z.enum(REVIEW_REASONS).nullable(),
});
export type BenchResultRow = z.output<typeof benchResultRow>;

/**
 * One line of the capture bench for a microbiology instrument's message: an isolate's identification or one
 * antibiotic of its antibiogram, as the ingest would land it on the sample's culture.
 */
export const benchMicrobiologyLine = z.object({
  uzorak: z.string(),
  uzorak_postoji: z.boolean(),
  /** The instrument's isolate number. */
  izolat: z.string(),
  /** 'organizam': the identification; 'antibiotik': a susceptibility. */
  vrsta: z.enum(['organizam', 'antibiotik']),
  /** The instrument's code as sent. */
  kod: z.string(),
  /** The reference organism (`mo`) or agent (`ab`) it maps to; null when none. */
  referenca: z.string().nullable(),
  /** The organism's name (the reference's, else as sent); null for an antibiotic. */
  naziv: z.string().nullable(),
  /** The value as sent (the MIC with its prefix, or the organism code). */
  vrijednost: z.string(),
  /** The instrument's S/I/R, ours by the lab's breakpoints, and whether they disagree. */
  aparat: z.enum(['S', 'I', 'R']).nullable(),
  tumacenje: z.enum(['S', 'I', 'R']).nullable(),
  neslaganje: z.boolean(),
  /** Why it would be kept for review; null: it would land on the culture. */
  razlog: z.enum(REVIEW_REASONS).nullable(),
});
export type BenchMicrobiologyLine = z.output<typeof benchMicrobiologyLine>;

export const benchCheckAnswer = successAnswer({
  protokol: z.enum(ANALYSER_PROTOCOLS),
  /** The delimiters the message declares (ASTM H-2, HL7 MSH-1/MSH-2), as sent; null when unreadable. */
  delimiteri: z.string().nullable(),
  vrsta: z.string().nullable(),
  /** Why the capture could not be read at all; null when it was. */
  greska: z.string().nullable(),
  /** What the reading noticed (a record it skipped). */
  problemi: z.array(z.string()),
  upita: z.number().int(),
  rezultati: z.array(benchResultRow),
  /** For a microbiology instrument: per isolate and antibiotic what would land on the culture (empty for other analysers). */
  mikrobiologija: z.array(benchMicrobiologyLine),
});
export type BenchCheckAnswer = z.output<typeof benchCheckAnswer>;

/** POST /api/integracija/provjera/spremi: the capture stored through the ingest as a message over TCP would be. */
export const benchStoreAnswer = successAnswer({
  message: z.string(),
  /** The same capture was stored before (applied once). */
  duplikat: z.boolean(),
  primijenjeno: z.number().int(),
  za_pregled: z.number().int(),
  greska: z.string().nullable(),
});
export type BenchStoreAnswer = z.output<typeof benchStoreAnswer>;

export const integrationContracts = {
  analyserAssays: defineCall({
    method: 'GET', path: '/assays/analyser/list', permission: 'settings.read',
    querystring: analyserAssaysQuery, response: { 200: analyserAssaysAnswer, ...failureResponses },
  }),
  list: defineCall({
    method: 'GET', path: '/postavke/analysers/list', permission: 'settings.read',
    querystring: listQuerySchema, response: { 200: analyserListAnswer, ...failureResponses },
  }),
  edit: defineCall({
    method: 'POST', path: '/postavke/analysers/edit', permission: 'settings.write',
    body: analyserEditBody, response: { 200: analyserSavedAnswer, ...failureResponses },
  }),
  messages: defineCall({
    method: 'GET', path: '/integracija/poruke', permission: 'settings.read',
    querystring: analyserMessagesQuery, response: { 200: analyserMessagesAnswer, ...failureResponses },
  }),
  review: defineCall({
    method: 'GET', path: '/integracija/pregled/stavke', permission: 'settings.read',
    querystring: reviewItemsQuery, response: { 200: reviewItemsAnswer, ...failureResponses },
  }),
  retry: defineCall({
    method: 'POST', path: '/retry', permission: 'results.enter',
    body: retryBody, response: { 200: retryAnswer, ...failureResponses },
  }),
  benchCheck: defineCall({
    method: 'POST', path: '/integracija/provjera', permission: 'settings.read',
    body: benchBody, response: { 200: benchCheckAnswer, ...failureResponses },
  }),
  benchStore: defineCall({
    method: 'POST', path: '/integracija/provjera/spremi', permission: 'results.enter',
    body: benchBody, response: { 200: benchStoreAnswer, ...failureResponses },
  }),
} as const;
