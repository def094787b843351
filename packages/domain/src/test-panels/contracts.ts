import { z } from 'zod';
import { failureResponses, instantSchema, pathParam, sessionFields, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';
import { historyAnswer } from '../catalogue/contracts.ts';
import { PANEL_PRICING } from './panels.ts';

/**
 * The test panels' calls (the rules: panels.ts). A panel belongs to one site: every call reads and writes
 * the calling site's panels only, and another site's panel answers 404 like a missing one.
 */

export const TEST_PANEL_LIMITS = { sifra: 20, naziv: 80, sinonim: 60, sinonimi: 20, testovi: 100 } as const;

const required = { error: 'form.required' } as const;
const invalid = { error: 'form.invalid' } as const;

export const testPanelSchema = z.object({
  _id: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  /** Other names the picker finds it by ('krvna slika', 'hemogram', 'CBC'). */
  sinonimi: z.array(z.string()),
  /** Its tests (lab assay ids) in the order they are added. */
  testovi: z.array(z.string()),
  /** The panel's price in KM, exact decimal text; charged when `naplata` is 'panel'. */
  price: z.string().regex(/^\d+(\.\d+)?$/),
  naplata: z.enum(PANEL_PRICING),
  updated_at: instantSchema,
});
export type TestPanel = z.output<typeof testPanelSchema>;

export const testPanelEditRequest = z.object({
  panel: z.object({
    /** The panel changed; none: a new one. */
    _id: z.guid(invalid).optional(),
    sifra: z.string(required).trim().min(1, required).max(TEST_PANEL_LIMITS.sifra, invalid),
    naziv: z.string(required).trim().min(1, required).max(TEST_PANEL_LIMITS.naziv, invalid),
    sinonimi: z.array(z.string(invalid).trim().min(1, invalid).max(TEST_PANEL_LIMITS.sinonim, invalid), invalid)
      .max(TEST_PANEL_LIMITS.sinonimi, invalid).default([]),
    testovi: z.array(z.guid(invalid), invalid).min(1, { error: 'panel.empty' }).max(TEST_PANEL_LIMITS.testovi, invalid),
    price: z.number(invalid).min(0, invalid).max(100_000, invalid).multipleOf(0.01, invalid),
    naplata: z.enum(PANEL_PRICING, invalid),
  }, required),
  ...sessionFields,
});
export type TestPanelEditRequest = z.input<typeof testPanelEditRequest>;

export const testPanelContracts = {
  list: defineCall({
    method: 'GET', path: '/assays/paneli/list', permission: 'samples.read',
    querystring: z.object({ ...sessionFields }), response: { 200: successAnswer({ paneli: z.array(testPanelSchema) }), ...failureResponses },
  }),
  edit: defineCall({
    method: 'POST', path: '/assays/paneli/edit', permission: 'settings.write',
    body: testPanelEditRequest, response: { 200: successAnswer({ panel: testPanelSchema }), ...failureResponses },
  }),
  remove: defineCall({
    method: 'POST', path: '/assays/paneli/delete', permission: 'settings.write',
    body: z.object({ _id: z.guid(required), ...sessionFields }), response: { 200: successAnswer({}), ...failureResponses },
  }),
  history: defineCall({
    method: 'GET', path: '/assays/paneli/history/:id', permission: 'settings.read',
    params: z.object({ id: pathParam('Panel id (uuid)') }), response: { 200: historyAnswer, ...failureResponses },
  }),
} as const;
