import { z } from 'zod';
import type { SidebarItem } from '../menu.ts';
import { failureResponses, messageCodeSchema, pathParam, sessionFields, successAnswer } from '../answers.ts';
import { PERMISSIONS, ROLES } from '../permissions.ts';
import { siteSchema } from '../sites/contracts.ts';
import { defineCall } from '../call.ts';
import { LANGUAGES } from '../messages.ts';

/** POST /api/login/users: sign in with e-mail and password. */
export const loginRequest = z.object({
  email: z.string().trim().min(1).max(254),
  // Longer than the password rule's 200 characters: those count code points, zod counts UTF-16 units.
  password: z.string().min(1).max(1000),
  returnSecureToken: z.boolean().optional(),
});

/** One sidebar entry of the login answer; `children` nest entries of the same shape. */
export const sidebarItemSchema: z.ZodType<SidebarItem> = z.object({
  path: z.string(),
  /** Message-catalogue key of the title. */
  title: z.string(),
  icon: z.string(),
  visible: z.boolean(),
  default: z.boolean(),
  danger: z.boolean(),
  note: z.boolean(),
  parent: z.string().nullable(),
  get children() {
    return z.array(sidebarItemSchema).optional();
  },
}).meta({ id: 'SidebarItem' });

/** The `data` of the login answer: the session the web app keeps. */
export const sessionDataSchema = z.object({
  localId: z.string(),
  email: z.string(),
  ime: z.string(),
  prezime: z.string(),
  /** The stored language: 'rs'/'bs', 'en' or 'de'. */
  language: z.string(),
  idToken: z.string(),
  /** The user's home site (uuid). */
  site: z.string(),
  /** Seconds without activity before the automatic logout. */
  idleTime: z.number().int(),
  customer: z.boolean(),
  pid_bcode: z.boolean(),
  /** Microbiology mode (the user's setting): the processing list opens on the Mikrobiologija preset instead of RADNA LISTA. */
  mikrobiologija: z.boolean().default(false),
  default_route: z.string(),
  access: z.object({ level: z.number().int(), role: z.enum(ROLES), permissions: z.array(z.enum(PERMISSIONS)) }),
  display: z.object({ list: z.number().int(), show: z.number().int(), columns: z.number().int(), rows: z.number().int() }),
  /** Which report menus the role may see. */
  reports: z.record(z.string(), z.boolean()),
  sites: z.array(siteSchema),
  sidebar: z.array(sidebarItemSchema),
  /**
   * The password was set by an administrator (a new user, a reset): the web opens the password change and
   * the server refuses every other call but sign-out until it is changed.
   */
  mustChangePassword: z.boolean().default(false),
});
export type SessionData = z.output<typeof sessionDataSchema>;

export const loginAnswer = successAnswer({ message: z.literal('Ok'), data: sessionDataSchema });
export type LoginAnswer = z.output<typeof loginAnswer>;

/** POST /api/logout/users: ends the session (`automatic` when the idle timer signs out). */
export const logoutRequest = z.object({
  ...sessionFields,
  user: z.string().max(254).optional(),
  language: z.string().max(10).optional(),
  idleTime: z.number().optional(),
  type: z.enum(['manual', 'automatic']).default('manual'),
});
export const logoutAnswer = successAnswer({});

/** POST /api/users/sifra: change one's own password. */
export const passwordChangeRequest = z.object({
  ...sessionFields,
  email: z.string().trim().min(1).max(254),
  password: z.string().max(1000),
  novaSifra: z.string().max(1000),
  potvrdaSifra: z.string().max(1000),
});
/**
 * The words the spec's client reads in `message` of POST users/sifra: 'Ok' for a changed password (it then
 * shows 'Izmjena uspješno obavljena.'), 'Info' for a wrong current password (it shows 'Trenutna šifra nije
 * ispravna.'). `code` names the outcome as on every answer, and is what this app's screens translate.
 * The spec's third word, 'Greška na mongodb.', names a database this system does not use: a failed write
 * answers 'Greška prilikom upisa.' (password.storeFailed), the text the spec shows for it.
 */
export const PASSWORD_CHANGE_WORDS = { changed: 'Ok', wrongCurrent: 'Info' } as const;
export const passwordChangeAnswer = successAnswer({ message: z.string(), code: messageCodeSchema });
export type PasswordChangeAnswer = z.output<typeof passwordChangeAnswer>;

/** POST /api/users/{localPart}: a user's profile (one's own; an administrator may read anyone's). */
export const profileParams = z.object({ localPart: pathParam('The local part of the e-mail address') });
export const profileRequest = z.object({ ...sessionFields, email: z.string().trim().min(1).max(254) });
export const profileAnswer = successAnswer({
  data: z.object({ link: z.null(), role: z.string(), email: z.string(), ime: z.string(), prezime: z.string() }),
  user: z.object({ email: z.string(), postavke: z.object({ language: z.string() }), sites: z.array(z.string()) }),
});
export type ProfileAnswer = z.output<typeof profileAnswer>;

/**
 * GET /api/sesija/izbornik: the caller's menu and report flags as the lab's general options say now. A signed-in
 * web page reads it again when the server announces a change (SESSION_MENU_EVENT) and whenever its socket
 * (re)connects, so a change of a role's hidden menu entries or report flags reaches open sessions without a new sign-in.
 */
export const sessionMenuAnswer = successAnswer({
  default_route: z.string(),
  reports: z.record(z.string(), z.boolean()),
  sidebar: z.array(sidebarItemSchema),
});
export type SessionMenuAnswer = z.output<typeof sessionMenuAnswer>;

/**
 * PUT /api/sesija/jezik: the signed-in user's own interface language, chosen from the avatar menu: stored in
 * their user settings (the `language` the next sign-in answers) and applied at once, without signing out.
 */
export const ownLanguageRequest = z.object({ ...sessionFields, language: z.enum(LANGUAGES, { error: 'form.invalid' }) });
export const ownLanguageAnswer = successAnswer({ language: z.enum(LANGUAGES) });

/** Sent over the socket to every signed-in page when the general options change what a role's session shows. */
export const SESSION_MENU_EVENT = 'session:menu';

export const authContracts = {
  login: defineCall({
    method: 'POST', path: '/login/users', permission: 'public',
    body: loginRequest, response: { 200: loginAnswer, ...failureResponses },
  }),
  logout: defineCall({
    method: 'POST', path: '/logout/users', permission: 'authenticated',
    body: logoutRequest, response: { 200: logoutAnswer, ...failureResponses },
  }),
  changePassword: defineCall({
    method: 'POST', path: '/users/sifra', permission: 'authenticated',
    body: passwordChangeRequest, response: { 200: passwordChangeAnswer, ...failureResponses },
  }),
  profile: defineCall({
    method: 'POST', path: '/users/:localPart', permission: 'authenticated',
    params: profileParams, body: profileRequest, response: { 200: profileAnswer, ...failureResponses },
  }),
  sessionMenu: defineCall({
    method: 'GET', path: '/sesija/izbornik', permission: 'authenticated',
    querystring: z.object({ ...sessionFields }), response: { 200: sessionMenuAnswer, ...failureResponses },
  }),
  ownLanguage: defineCall({
    method: 'PUT', path: '/sesija/jezik', permission: 'authenticated',
    body: ownLanguageRequest, response: { 200: ownLanguageAnswer, ...failureResponses },
  }),
} as const;
