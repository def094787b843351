import { z } from 'zod';
import { failureResponses, instantSchema, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { HIDEABLE_MENU } from '../menu.ts';
import { LANGUAGES } from '../messages.ts';
import { newPasswordProblem } from '../password.ts';
import { ROLES } from '../permissions.ts';
import { isValidEmail } from '../patient/intake.ts';
import { idleTimeSchema } from './general-options.ts';
import { settingsHistoryAnswer, settingsRecordParams } from './history.ts';
import { defineCall } from '../call.ts';

/**
 * The users of the lab (settings, 'Korisnici'): who may sign in, with which
 * role and access level, at which sites. Users are lab-wide; a user's sites
 * can only be sites that exist. Only level-0 administrators manage them
 * (permission users.manage), and the last active level-0 administrator can
 * never be disabled, demoted or lose the administrator role.
 */

/** Access levels: 0 may edit (the most privileged), anything above is read-only. */
export const MAX_ACCESS_LEVEL = 9;

/** A new or reset password: the password rule (password.ts), kept exactly as typed. */
export const initialPasswordSchema = z.string({ error: 'form.required' }).superRefine((value, context) => {
  const problem = newPasswordProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const nameSchema = z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(100, { error: 'form.invalid' });

/** A route a user lands on after sign-in: '' for the first screen of their menu, else a screen of the sidebar. */
export const defaultRouteSchema = z.string().trim().max(200)
  .refine((value) => value === '' || HIDEABLE_MENU.some((entry) => entry.path === value) || value === '/postavke', {
    error: 'settings.defaultRouteInvalid',
  });

/**
 * The `element` of POST /api/postavke/users/edit: with `_id` it updates that user, without it creates one
 * (then `password` is required: the initial password, which the user must change at the first sign-in).
 * `password` on an update is ignored: passwords are reset with their own call.
 */
export const userElementSchema = z.object({
  /** A user that does not exist (any text that is no user's id) answers 404. */
  _id: z.string().max(100).optional(),
  email: z.string({ error: 'form.required' }).trim().toLowerCase().min(1, { error: 'form.required' })
    .refine(isValidEmail, { error: 'settings.emailInvalid' }),
  ime: nameSchema,
  prezime: nameSchema,
  role: z.enum(ROLES, { error: 'settings.roleInvalid' }),
  /** Access level: 0 may edit, above 0 is read-only. */
  level: z.number({ error: 'form.invalid' }).int({ error: 'form.invalid' }).min(0, { error: 'form.invalid' })
    .max(MAX_ACCESS_LEVEL, { error: 'form.invalid' }),
  /** Site ids (uuid); at least one, each a site that exists. */
  sites: z.array(z.uuid({ error: 'settings.siteUnknown' }), { error: 'settings.sitesRequired' })
    .min(1, { error: 'settings.sitesRequired' }).max(100, { error: 'form.invalid' }),
  language: z.enum(LANGUAGES, { error: 'form.invalid' }).default('bs'),
  /** Seconds of inactivity before the session ends; a new user without one gets the lab's default. */
  idleTime: idleTimeSchema.optional(),
  defaultRoute: defaultRouteSchema.default(''),
  /** Microbiology mode: the processing list opens on the Mikrobiologija preset instead of RADNA LISTA. */
  mikrobiologija: z.boolean({ error: 'form.invalid' }).default(false),
  /** The account's end: from this instant on, sign-in answers 'User Account has Expired.'; null: no end. */
  expiresAt: instantSchema.nullable().default(null),
  password: initialPasswordSchema.optional(),
}).superRefine((element, context) => {
  if (element._id === undefined && element.password === undefined) {
    context.addIssue({ code: 'custom', path: ['password'], message: 'form.required' });
  }
});
export type UserElement = z.output<typeof userElementSchema>;
export type UserElementInput = z.input<typeof userElementSchema>;

/** A user as the settings calls answer it: never a password or its hash. */
export const userRecordSchema = z.object({
  _id: z.string(),
  email: z.string(),
  ime: z.string(),
  prezime: z.string(),
  role: z.enum(ROLES),
  level: z.number().int(),
  sites: z.array(z.string()),
  language: z.string(),
  idleTime: z.number().int(),
  defaultRoute: z.string(),
  mikrobiologija: z.boolean(),
  expiresAt: instantSchema.nullable(),
  disabled: z.boolean(),
  /** The user signs in with a password an administrator set and must change it first. */
  mustChangePassword: z.boolean(),
});
export type UserRecord = z.output<typeof userRecordSchema>;

/** A row of GET /api/postavke/users/list: the record with the sites' codes and the last sign-in. */
export const userListRow = userRecordSchema.extend({
  siteCodes: z.array(z.string()),
  lastSignIn: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type UserListRow = z.output<typeof userListRow>;

/** A refusal names the field as `element.<field>` (`element.email`, `element.sites.0`). */
export const userEditRequest = z.object({ ...sessionFields, element: userElementSchema });
export const userEditAnswer = successAnswer({ element: userRecordSchema, message: z.string() });
export type UserEditAnswer = z.output<typeof userEditAnswer>;

export const userIdRequest = z.object({ ...sessionFields, _id: z.string().max(100) });
export const userPasswordResetRequest = z.object({ ...sessionFields, _id: z.string().max(100), password: initialPasswordSchema });
export const userAnswer = successAnswer({ element: userRecordSchema, message: z.string() });

/**
 * A row of GET /api/postavke/users/napadi: an account with checked failed sign-ins in the throttle's window
 * (15 minutes): how many failed, how many the throttle refused, from which addresses, and the last attempt.
 */
export const signInAttackRow = z.object({
  email: z.string(),
  failures: z.number().int(),
  refused: z.number().int(),
  addresses: z.array(z.string()),
  lastAttempt: instantSchema,
});
export type SignInAttackRow = z.output<typeof signInAttackRow>;
export const signInAttacksAnswer = successAnswer({ data: z.array(signInAttackRow), windowMinutes: z.number().int() });
export type SignInAttacksAnswer = z.output<typeof signInAttacksAnswer>;

export const userContracts = {
  attacks: defineCall({
    method: 'GET', path: '/postavke/users/napadi', permission: 'users.manage',
    response: { 200: signInAttacksAnswer, ...failureResponses },
  }),
  list: defineCall({
    method: 'GET', path: '/postavke/users/list', permission: 'users.manage',
    querystring: listQuerySchema, response: { 200: listAnswerSchema(userListRow), ...failureResponses },
  }),
  edit: defineCall({
    method: 'POST', path: '/postavke/users/edit', permission: 'users.manage',
    body: userEditRequest, response: { 200: userEditAnswer, ...failureResponses },
  }),
  disable: defineCall({
    method: 'POST', path: '/postavke/users/disable', permission: 'users.manage',
    body: userIdRequest, response: { 200: userAnswer, ...failureResponses },
  }),
  enable: defineCall({
    method: 'POST', path: '/postavke/users/enable', permission: 'users.manage',
    body: userIdRequest, response: { 200: userAnswer, ...failureResponses },
  }),
  resetPassword: defineCall({
    method: 'POST', path: '/postavke/users/password', permission: 'users.manage',
    body: userPasswordResetRequest, response: { 200: userAnswer, ...failureResponses },
  }),
  history: defineCall({
    method: 'GET', path: '/postavke/users/history/:id', permission: 'users.manage',
    params: settingsRecordParams, response: { 200: settingsHistoryAnswer, ...failureResponses },
  }),
} as const;
