import { z } from 'zod';
import { failureResponses, instantSchema, pathParam, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema, type Pagination } from '../list-query.ts';
import { SPOL_VALUES } from '../spol.ts';
import { labAssaySchema, ASSAY_KINDS } from './lab-assay.ts';
import { SETTING_RECORD_KINDS, referralOptionsSchema, type SettingRecordKind } from './records.ts';
import { defineCall } from '../call.ts';
import { translatedNames } from './names.ts';

/**
 * Contracts of the catalogue calls: the setting records
 * (`/postavke/<path>/list|edit|history`), and the lab assays
 * (`/assays/lab/list|edit|delete|history`, `/assays/lab/{id}`).
 */

/** A saved setting record as answers carry it: the kind's fields and its `_id`. */
export function settingRecordRow(kind: SettingRecordKind) {
  return SETTING_RECORD_KINDS[kind].schema.safeExtend({ _id: z.string() });
}

type RecordAnswer = Record<string, unknown> & { _id: string };

/**
 * The calls of one kind of setting record. The kinds share one route code on the server, so the types are
 * those of any record (`Record<string, unknown>`); each schema still checks its own kind's fields.
 */
export function settingRecordContracts(kind: SettingRecordKind): {
  list: { method: 'GET'; path: string; permission: 'settings.read'; querystring: typeof listQuerySchema; response: { 200: z.ZodType<{ success: true; data: RecordAnswer[]; pagination: Pagination }> } & typeof failureResponses };
  edit: { method: 'POST'; path: string; permission: 'settings.write'; body: z.ZodType<Record<string, unknown>>; response: { 200: z.ZodType<{ success: true } & Record<string, unknown>> } & typeof failureResponses };
  history: { method: 'GET'; path: string; permission: 'settings.read'; params: z.ZodType<{ id: string }>; response: { 200: typeof historyAnswer } & typeof failureResponses };
} {
  const spec = SETTING_RECORD_KINDS[kind];
  const row = settingRecordRow(kind);
  return {
    list: defineCall({
      method: 'GET', path: `/postavke/${spec.path}/list`, permission: 'settings.read',
      querystring: listQuerySchema, response: { 200: listAnswerSchema(row) as z.ZodType as z.ZodType<{ success: true; data: RecordAnswer[]; pagination: Pagination }>, ...failureResponses },
    }),
    edit: defineCall({
      method: 'POST', path: `/postavke/${spec.path}/edit`, permission: 'settings.write',
      body: z.object({ [spec.bodyField]: spec.schema, ...sessionFields }) as z.ZodType as z.ZodType<Record<string, unknown>>,
      response: { 200: successAnswer({ [spec.bodyField]: row }) as z.ZodType as z.ZodType<{ success: true } & Record<string, unknown>>, ...failureResponses },
    }),
    history: defineCall({
      method: 'GET', path: `/postavke/${spec.path}/history/:id`, permission: 'settings.read',
      params: z.object({ id: pathParam('Record id (uuid)') }), response: { 200: historyAnswer, ...failureResponses },
    }),
  };
}

/** One change of a record: who, when, the action and the record before and after (JSON). */
export const historyEntrySchema = z.object({
  at: instantSchema,
  korisnik: z.string().nullable(),
  akcija: z.string(),
  staro: z.unknown(),
  novo: z.unknown(),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;
export const historyAnswer = successAnswer({ historija: z.array(historyEntrySchema) });
export type HistoryAnswer = z.output<typeof historyAnswer>;

/** A row of GET /api/assays/lab/list: the assay with its section's name and how many reference ranges it has. */
export const labAssayListRow = z.object({
  _id: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  analit: z.string(),
  sekcija: z.string(),
  sekcija_naziv: z.string(),
  jedinica: z.string(),
  price: z.number(),
  manual: z.boolean(),
  calculated: z.boolean(),
  disabled: z.boolean(),
  tip: z.string(),
  vrsta: z.enum(ASSAY_KINDS),
  redoslijed: z.number().int(),
  referenci: z.number().int(),
});
export type LabAssayListRow = z.output<typeof labAssayListRow>;

/** GET /api/assays/lab/list: the list query plus `sekcija` (a section id: only its assays) and `disabled` ('true'/'false'). */
export const labAssayListQuery = listQuerySchema.extend({
  sekcija: z.guid({ error: 'form.invalid' }).optional(),
  disabled: z.enum(['true', 'false']).optional(),
});

/** The saved lab assay as GET /api/assays/lab/{id} and the edit answer carry it (ids as text, numbers as numbers). */
export const labAssayRecord = z.object({
  _id: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  naziv_en: z.string(),
  naziv_de: z.string(),
  analit: z.string(),
  price: z.number(),
  sekcija: z.string(),
  uzorak: z.string().nullable(),
  jedinica: z.string(),
  loinc: z.string().nullable(),
  decimals: z.number().int(),
  manual: z.boolean(),
  calculated: z.boolean(),
  formula: z.string().nullable(),
  calculatedTests: z.array(z.string()),
  disabled: z.boolean(),
  tip: z.string(),
  redoslijed: z.number().int(),
  vrsta: z.enum(ASSAY_KINDS),
  opcije: z.array(z.string()),
  critical_low: z.number().nullable(),
  critical_high: z.number().nullable(),
  delta: z.object({ kind: z.enum(['absolute', 'percent']), limit: z.number() }).nullable(),
  stabilnost: z.array(z.object({ uzorak: z.string().nullable(), sati: z.number().int() })),
  reference: z.array(z.object({
    spol: z.enum(SPOL_VALUES).nullable(),
    age_min_days: z.number().int(),
    age_max_days: z.number().int(),
    trudnica: z.boolean().nullable(),
    menopauza: z.boolean().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    critical_low: z.number().nullable(),
    critical_high: z.number().nullable(),
    jedinica: z.string().nullable(),
    tekst: z.string().nullable(),
  })),
});
export type LabAssayRecord = z.output<typeof labAssayRecord>;

export const labAssayAnswer = successAnswer({ labassay: labAssayRecord });

export const catalogueContracts = {
  labAssayList: defineCall({
    method: 'GET', path: '/assays/lab/list', permission: 'settings.read',
    querystring: labAssayListQuery, response: { 200: listAnswerSchema(labAssayListRow), ...failureResponses },
  }),
  labAssayShow: defineCall({
    method: 'GET', path: '/assays/lab/:id', permission: 'settings.read',
    params: z.object({ id: pathParam('Lab assay id (uuid)') }), response: { 200: labAssayAnswer, ...failureResponses },
  }),
  labAssayEdit: defineCall({
    method: 'POST', path: '/assays/lab/edit', permission: 'settings.write',
    body: z.object({ labassay: labAssaySchema, ...sessionFields }), response: { 200: labAssayAnswer, ...failureResponses },
  }),
  labAssayDelete: defineCall({
    method: 'POST', path: '/assays/lab/delete', permission: 'settings.write',
    body: z.object({ id: z.guid({ error: 'form.required' }), ...sessionFields,
  }),
    response: { 200: successAnswer({}), ...failureResponses },
  }),
  labAssayHistory: defineCall({
    method: 'GET', path: '/assays/lab/history/:id', permission: 'settings.read',
    params: z.object({ id: pathParam('Lab assay id (uuid)') }), response: { 200: historyAnswer, ...failureResponses },
  }),
};

/** GET /api/postavke/uputni: the active doctors and locations sample entry offers, and whether each field also takes free text. */
export const referralChoicesAnswer = successAnswer({
  doktori: z.array(z.object({ _id: z.string(), naziv: z.string() })),
  lokacije: z.array(z.object({ _id: z.string(), naziv: z.string() })),
  slobodan_unos: z.object({ doktor: z.boolean(), lokacija: z.boolean() }),
});
export type ReferralChoicesAnswer = z.output<typeof referralChoicesAnswer>;

export const referralContracts = {
  choices: defineCall({
    method: 'GET', path: '/postavke/uputni', permission: 'samples.read',
    response: { 200: referralChoicesAnswer, ...failureResponses },
  }),
  edit: defineCall({
    method: 'POST', path: '/postavke/uputni/edit', permission: 'settings.write',
    body: z.object({ opcije: referralOptionsSchema, ...sessionFields,
  }),
    response: { 200: successAnswer({ opcije: z.object({ doktor: z.boolean(), lokacija: z.boolean() }) }), ...failureResponses },
  }),
};
