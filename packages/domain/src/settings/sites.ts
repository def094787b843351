import { z } from 'zod';
import { failureResponses, instantSchema, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../time-zone.ts';
import { settingsHistoryAnswer, settingsRecordParams } from './history.ts';
import { defineCall } from '../call.ts';

/**
 * The lab's sites (settings, 'Sajtovi'). A site's code (`sifra`) is short,
 * unique and upper-case; its time zone an IANA name the runtime knows, since
 * every day and time of the site is reckoned in it. `reportHeader` is the
 * header of the site's own general-options record (the lines its reports
 * print under the lab's name); the towns (`mjesta`) are shown but never saved
 * through this call.
 */
export const SITE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,9}$/;

const requiredText = (max: number) => z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(max, { error: 'form.invalid' });

export const siteElementSchema = z.object({
  /** A site that does not exist (any text that is no site's id) answers 404. */
  _id: z.string().max(100).optional(),
  sifra: z.string({ error: 'form.required' }).trim().toUpperCase().min(1, { error: 'form.required' })
    .regex(SITE_CODE_PATTERN, { error: 'settings.sifraInvalid' }),
  /** The site's name as the interface shows it. */
  naziv: requiredText(100),
  /** The site's name on English and German reports. */
  name: requiredText(100),
  adresa: z.string({ error: 'form.invalid' }).trim().max(300, { error: 'form.invalid' }).default(''),
  timeZone: z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(64, { error: 'settings.timeZoneInvalid' })
    .refine(isTimeZone, { error: 'settings.timeZoneInvalid' }).default(DEFAULT_TIME_ZONE),
  reportHeader: z.string({ error: 'form.invalid' }).trim().max(1000, { error: 'form.invalid' }).default(''),
});
export type SiteElement = z.output<typeof siteElementSchema>;
export type SiteElementInput = z.input<typeof siteElementSchema>;

/** A site as the settings calls answer it. */
export const siteRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  name: z.string(),
  adresa: z.string(),
  timeZone: z.string(),
  reportHeader: z.string(),
  /** Towns the site serves: shown, never saved here. */
  mjesta: z.array(z.string()),
});
export type SiteRecord = z.output<typeof siteRecordSchema>;

/** A row of GET /api/postavke/sites/list: the record with how many active users have the site. */
export const siteListRow = siteRecordSchema.extend({ korisnika: z.number().int(), createdAt: instantSchema });
export type SiteListRow = z.output<typeof siteListRow>;

/** A refusal names the field as `element.<field>`. */
export const siteEditRequest = z.object({ ...sessionFields, element: siteElementSchema });
export const siteEditAnswer = successAnswer({ element: siteRecordSchema, message: z.string() });
export type SiteEditAnswer = z.output<typeof siteEditAnswer>;

export const siteSettingsContracts = {
  list: defineCall({
    method: 'GET', path: '/postavke/sites/list', permission: 'settings.write',
    querystring: listQuerySchema, response: { 200: listAnswerSchema(siteListRow), ...failureResponses },
  }),
  edit: defineCall({
    method: 'POST', path: '/postavke/sites/edit', permission: 'settings.write',
    body: siteEditRequest, response: { 200: siteEditAnswer, ...failureResponses },
  }),
  history: defineCall({
    method: 'GET', path: '/postavke/sites/history/:id', permission: 'settings.write',
    params: settingsRecordParams, response: { 200: settingsHistoryAnswer, ...failureResponses },
  }),
} as const;
