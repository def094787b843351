import type { FastifyInstance } from 'fastify';
import { PASSWORD_CHANGE_WORDS, authContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { AppError } from '../../lib/errors.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['prijava'];

export function authRoutes(app: FastifyInstance, { db, config, realtime }: AppOptions): Promise<void> {
  registerCall(app, authContracts.login, {
    tags: TAGS,
    summary: 'Sign in',
    description: 'E-mail and password. `200 { success: true, message: "Ok", data }`: `data.idToken` is the session token for '
      + '`Authorization: Bearer`. Unknown e-mail `401 auth.userNotFound`, wrong password `401 auth.wrongPassword`, expired or disabled '
      + 'account `401` (an account past its end date: `auth.expired`, \'User Account has Expired.\'), `data.mustChangePassword` true when '
      + 'an administrator set the password (every other call but the password change and sign-out answers `403` until it is changed), too many failed attempts (5 per account from one address, 20 per address, in 15 minutes; only checked attempts count) `429 auth.throttled`; '
      + 'many failures on the account from every address slow each attempt on it (up to 10 s) but never refuse it.',
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request) => {
    const data = await service.login(db, {
      email: request.body.email, password: request.body.password, ip: request.ip, userAgent: request.headers['user-agent'] ?? '', log: request.log,
    }, config.sessionMaxHours);
    return { success: true as const, message: 'Ok' as const, data };
  });

  registerCall(app, authContracts.logout, {
    tags: TAGS,
    summary: 'Sign out',
    description: 'Ends the session; `type: "automatic"` when the idle timer signs out. `200 { success: true }`.',
    config: { beforePasswordChange: true },
  }, async (request) => {
    await service.logout(db, realtime, request.ctx, request.body.type);
    return { success: true as const };
  });

  registerCall(app, authContracts.changePassword, {
    tags: TAGS,
    summary: "Change one's own password",
    description: '`password` is the current one, `novaSifra` and `potvrdaSifra` the new one twice. Ends the user\'s other sessions. '
      + '`200 { success: true, message: "Ok", code: "password.changed" }` (the spec\'s word; its text is "Izmjena uspješno obavljena."); '
      + 'a wrong current password `400 { success: false, message: "Info", code: "password.wrongCurrent", field: "password" }` (the spec\'s '
      + 'word; its text is "Trenutna šifra nije ispravna."); other refusals `400 password.required`, `password.invalid`, '
      + '`password.mismatch` with their texts; a failed write `500 password.storeFailed`; another user\'s e-mail `403`.',
    config: { beforePasswordChange: true },
  }, async (request, reply) => {
    try {
      await service.changePassword(db, realtime, request.ctx, request.body);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'password.wrongCurrent') throw error;
      return reply.status(400).send({
        success: false, message: PASSWORD_CHANGE_WORDS.wrongCurrent, code: error.code, ...(error.field ? { field: error.field } : {}),
      });
    }
    return { success: true as const, message: PASSWORD_CHANGE_WORDS.changed, code: 'password.changed' as const };
  });

  registerCall(app, authContracts.profile, {
    tags: TAGS,
    summary: "A user's profile",
    description: 'By `email` in the body: one\'s own profile; an administrator may read anyone\'s, others get `404`. '
      + '`200 { success: true, data: { link, role, email, ime, prezime }, user: { email, postavke: { language }, sites } }`.',
    config: { beforePasswordChange: true },
  }, async (request) => ({ success: true as const, ...(await service.profile(db, request.ctx, request.body.email)) }));

  registerCall(app, authContracts.sessionMenu, {
    tags: TAGS,
    summary: "The session's menu and report flags now",
    description: 'The `sidebar`, `reports` and `default_route` of the login answer, read from the general options as they are now. '
      + 'The web reads it again on the socket event `session:menu` (sent to every signed-in page when the general options are saved) '
      + 'and whenever its socket connects, so a changed menu or report flag reaches open sessions without a new sign-in. '
      + '`200 { success: true, default_route, reports, sidebar }`.',
  }, async (request) => ({ success: true as const, ...(await service.sessionMenu(db, request.ctx)) }));

  registerCall(app, authContracts.ownLanguage, {
    tags: TAGS,
    summary: "Change one's own interface language",
    description: '`language`: `bs`, `en` or `de`. Stored in the user\'s settings (the next sign-in answers it) and audited; the web '
      + 'applies it at once, without signing out. `200 { success: true, language }`; another value `400 form.invalid`.',
  }, async (request) => ({ success: true as const, language: await service.changeOwnLanguage(db, request.ctx, request.body.language) }));
  return Promise.resolve();
}
