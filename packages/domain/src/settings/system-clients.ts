import { z } from 'zod';
import { failureResponses, instantSchema, sessionFields, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';
import { PERMISSIONS } from '../permissions.ts';

/**
 * System clients (settings, 'Sistemski klijenti'): a hospital system or another program that calls the API,
 * FHIR R4 included, without a person. Each has a client id and a secret (shown once, when made or rotated;
 * only its hash is kept), the permissions it was given out of the role table's set, and the sites it may work
 * at. It trades id and secret for a Bearer token at POST /api/oauth/token (OAuth 2.0 client credentials), and
 * everything it does is audited under its own name. Only administrators manage them (users.manage).
 */

/** How long a client's access token lives, in seconds (the token answer's `expires_in`). */
export const CLIENT_TOKEN_SECONDS = 3600;

const nameSchema = z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(100, { error: 'form.invalid' });

/** The `element` of POST /api/postavke/klijenti/save: with `_id` it updates that client, without it makes one. */
export const systemClientElementSchema = z.object({
  _id: z.string().max(100).optional(),
  naziv: nameSchema,
  /** Out of the role table's permissions; at least one. */
  permissions: z.array(z.enum(PERMISSIONS, { error: 'settings.permissionInvalid' }), { error: 'settings.permissionsRequired' })
    .min(1, { error: 'settings.permissionsRequired' }).max(PERMISSIONS.length, { error: 'form.invalid' }),
  /** Site ids (uuid); at least one, each a site that exists. */
  sites: z.array(z.uuid({ error: 'settings.siteUnknown' }), { error: 'settings.sitesRequired' })
    .min(1, { error: 'settings.sitesRequired' }).max(100, { error: 'form.invalid' }),
});
export type SystemClientElement = z.output<typeof systemClientElementSchema>;
export type SystemClientElementInput = z.input<typeof systemClientElementSchema>;

/** A client as the settings calls answer it: never its secret or the secret's hash. */
export const systemClientSchema = z.object({
  _id: z.string(),
  naziv: z.string(),
  clientId: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  sites: z.array(z.string()),
  aktivan: z.boolean(),
  createdAt: instantSchema,
  /** When the client last got a token or called the API (to the minute); null: never. */
  lastUsedAt: instantSchema.nullable(),
});
export type SystemClient = z.output<typeof systemClientSchema>;

export const systemClientListAnswer = successAnswer({ data: z.array(systemClientSchema) });
export type SystemClientListAnswer = z.output<typeof systemClientListAnswer>;

/** A refusal names the field as `element.<field>` (`element.naziv`, `element.sites.0`). */
export const systemClientSaveRequest = z.object({ ...sessionFields, element: systemClientElementSchema });
/** `secret` only when the client was made: shown once, never again. */
export const systemClientSaveAnswer = successAnswer({ element: systemClientSchema, secret: z.string().optional() });
export type SystemClientSaveAnswer = z.output<typeof systemClientSaveAnswer>;

export const systemClientIdRequest = z.object({ ...sessionFields, _id: z.string().max(100) });
export const systemClientActiveRequest = z.object({ ...sessionFields, _id: z.string().max(100), aktivan: z.boolean({ error: 'form.invalid' }) });
export const systemClientAnswer = successAnswer({ element: systemClientSchema });
export const systemClientSecretAnswer = successAnswer({ element: systemClientSchema, secret: z.string() });
export type SystemClientSecretAnswer = z.output<typeof systemClientSecretAnswer>;

/**
 * POST /api/oauth/token, OAuth 2.0's client credentials grant (RFC 6749 §4.4): JSON or a form body. The client's
 * id and secret come in the body (`client_id`, `client_secret`) or as HTTP Basic authentication.
 */
export const clientTokenRequest = z.object({
  grant_type: z.literal('client_credentials', { error: 'auth.grantTypeUnsupported' }),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  scope: z.string().max(1000).optional(),
});
export const clientTokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type ClientTokenAnswer = z.output<typeof clientTokenAnswer>;

export const systemClientContracts = {
  list: defineCall({
    method: 'GET', path: '/postavke/klijenti/list', permission: 'users.manage',
    querystring: z.object({ ...sessionFields }), response: { 200: systemClientListAnswer, ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/postavke/klijenti/save', permission: 'users.manage',
    body: systemClientSaveRequest, response: { 200: systemClientSaveAnswer, ...failureResponses },
  }),
  rotate: defineCall({
    method: 'POST', path: '/postavke/klijenti/secret', permission: 'users.manage',
    body: systemClientIdRequest, response: { 200: systemClientSecretAnswer, ...failureResponses },
  }),
  active: defineCall({
    method: 'POST', path: '/postavke/klijenti/active', permission: 'users.manage',
    body: systemClientActiveRequest, response: { 200: systemClientAnswer, ...failureResponses },
  }),
  token: defineCall({
    method: 'POST', path: '/oauth/token', permission: 'public',
    body: clientTokenRequest, response: { 200: clientTokenAnswer, ...failureResponses },
  }),
} as const;
