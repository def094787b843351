import { z } from 'zod';
import { failureResponses, pathParam, successAnswer } from '../answers.ts';
import { DEFAULT_TIME_ZONE } from '../time-zone.ts';
import { defineCall } from '../call.ts';

/** A site as the login answer and the site calls carry it. */
export const siteSchema = z.object({
  _id: z.string(),
  id: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  name: z.string(),
  /** Towns the site serves. */
  mjesta: z.array(z.string()),
  /**
   * The site's IANA time zone: "today", day boundaries and every time shown are the site's, whatever the
   * browser's zone. A session stored before sites carried it reads as the lab's default zone.
   */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type Site = z.output<typeof siteSchema>;

/** GET /api/postavke/sajtovi/list: the caller's sites. */
export const siteListAnswer = successAnswer({ sajtovi: z.array(siteSchema) });
export type SiteListAnswer = z.output<typeof siteListAnswer>;

/** POST /api/postavke/sajtovi/{site}: switch to one of the caller's sites, by id or sifra. */
export const siteSwitchParams = z.object({ site: pathParam('Site id (uuid) or its sifra') });
export const siteSwitchAnswer = successAnswer({ sajt: siteSchema });
export type SiteSwitchAnswer = z.output<typeof siteSwitchAnswer>;

export const siteContracts = {
  list: defineCall({
    method: 'GET', path: '/postavke/sajtovi/list', permission: 'authenticated',
    response: { 200: siteListAnswer, ...failureResponses },
  }),
  switch: defineCall({
    method: 'POST', path: '/postavke/sajtovi/:site', permission: 'authenticated',
    params: siteSwitchParams, response: { 200: siteSwitchAnswer, ...failureResponses },
  }),
} as const;
