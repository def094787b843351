import type { FastifyInstance } from 'fastify';
import { message, userContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['postavke'];

export function userRoutes(app: FastifyInstance, { db, realtime }: AppOptions): Promise<void> {
  registerCall(app, userContracts.list, {
    tags: TAGS,
    summary: 'The users (list table)',
    description: 'The lab\'s users, lab-wide: sort by email, ime, prezime, role, level, disabled, createdAt; \'Pretraga\' over e-mail, '
      + 'names and role. Rows carry the site ids and codes and the last sign-in, never a password. Level-0 administrators only.',
  }, listRoute(db, (list) => service.listUsers(db, list)));

  registerCall(app, userContracts.attacks, {
    tags: TAGS,
    summary: 'Accounts under attack (failed sign-ins now)',
    description: 'The accounts with failed sign-ins (password checked and wrong, or no such account) in the sign-in throttle\'s window, '
      + 'most failures first, at most 50: `failures`, `refused` (attempts the throttle answered 429 without checking), the `addresses` '
      + 'they came from and the `lastAttempt`. `200 { success: true, data, windowMinutes }`. Level-0 administrators only.',
  }, async () => ({ success: true as const, ...(await service.signInAttacks(db)) }));

  registerCall(app, userContracts.edit, {
    tags: TAGS,
    summary: 'Register or change a user',
    description: '`element` with `_id` updates that user, without creates one (then `password`, the initial password, is required; the '
      + 'user must change it at the first sign-in). `200 { success: true, element, message }`. A bad field `400 { success: false, message, '
      + 'field: "element.<field>" }`, a site that does not exist `400 settings.siteUnknown` (`element.sites.<i>`), a taken e-mail '
      + '`409 settings.emailTaken`, leaving no active level-0 administrator `409 settings.lastAdmin`, an unknown `_id` `404`. A change '
      + 'that takes rights away (role, level, a site, an earlier account end) ends the user\'s sessions.',
  }, async (request) => ({
    success: true as const, message: message('settings.saved'),
    element: await service.editUser(db, realtime, request.ctx, request.body.element),
  }));

  registerCall(app, userContracts.disable, {
    tags: TAGS,
    summary: 'Disable a user',
    description: 'The user can no longer sign in; every session of theirs ends at once and their open pages are signed out over the '
      + 'socket. The last active level-0 administrator `409 settings.lastAdmin`. `200 { success: true, element, message }`.',
  }, async (request) => ({
    success: true as const, message: message('settings.userDisabled'),
    element: await service.setUserDisabled(db, realtime, request.ctx, request.body._id, true),
  }));

  registerCall(app, userContracts.enable, {
    tags: TAGS,
    summary: 'Enable a disabled user again',
    description: '`200 { success: true, element, message }`; an unknown `_id` `404`.',
  }, async (request) => ({
    success: true as const, message: message('settings.userEnabled'),
    element: await service.setUserDisabled(db, realtime, request.ctx, request.body._id, false),
  }));

  registerCall(app, userContracts.resetPassword, {
    tags: TAGS,
    summary: "Reset a user's password",
    description: 'Sets `password` (at least 6 characters); the user must change it at the next sign-in, and their sessions end. '
      + 'The password is never answered or logged, nor its hash audited. `200 { success: true, element, message }`.',
  }, async (request) => ({
    success: true as const, message: message('settings.passwordReset'),
    element: await service.resetPassword(db, realtime, request.ctx, request.body._id, request.body.password),
  }));

  registerCall(app, userContracts.history, {
    tags: TAGS,
    summary: "A user's change history",
    description: 'Every change newest first: who, when, the action and the record before and after (never a password). '
      + '`200 { success: true, history }`; an unknown id `404`.',
  }, async (request) => ({ success: true as const, history: await service.userHistory(db, request.params.id) }));
  return Promise.resolve();
}
