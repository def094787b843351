import type { FastifyInstance } from 'fastify';
import { generalOptionsContracts, message } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['postavke'];

export function generalOptionsRoutes(app: FastifyInstance, { db, realtime }: AppOptions): Promise<void> {
  registerCall(app, generalOptionsContracts.read, {
    tags: TAGS,
    summary: 'The general options',
    description: 'The lab-wide general options (letterhead, default idle time of new users, report flags per role, menu entries '
      + 'hidden per role) and the label size, defaults filled in. `200 { success: true, options, label }`. Level-0 administrators only.',
  }, async () => ({ success: true as const, ...(await service.readOptions(db)) }));

  registerCall(app, generalOptionsContracts.save, {
    tags: TAGS,
    summary: 'Save the general options',
    description: 'Saves `options` and `label` (the lab-wide label size the label print reads) in one transaction with an audit row. '
      + '`200 { success: true, options, label, message }`; a bad field `400` naming it (`options.defaultIdleTime`, `label.width`, '
      + '`options.hiddenMenu.technician.0`). A change of report flags or hidden menu entries is sent as the socket event `session:menu` to every '
      + 'signed-in page, which reads its menu again (`GET sesija/izbornik`); the report calls follow the saved flags at once.',
  }, async (request) => ({
    success: true as const, message: message('settings.saved'),
    ...(await service.saveOptions(db, realtime, request.ctx, request.body)),
  }));

  registerCall(app, generalOptionsContracts.history, {
    tags: TAGS,
    summary: 'History of the general options',
    description: 'Every change newest first: who, when, the options and label size before and after. `200 { success: true, history }`.',
  }, async () => ({ success: true as const, history: await service.optionsHistory(db) }));
  return Promise.resolve();
}
