import type { FastifyInstance } from 'fastify';
import { reflexContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { registerCall } from '../../lib/register-call.ts';
import * as service from './service.ts';

const TAGS = ['refleksni-testovi'];
const SESSION = 'Token and site as on every call. Reflex rules belong to a site; another site\'s rule answers 404 like a missing one.';

export function reflexRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  registerCall(app, reflexContracts.list, {
    tags: TAGS,
    summary: "The site's reflex rules",
    description: `${SESSION}\n\n\`200 { success: true, pravila: [{ _id, trigger, condition, value, add, charge, active, izmijenjeno }], testovi }\`: `
      + 'when a saved result of `trigger` meets `condition` (above-range, below-range, outside-range by its flag; above, below `value`; abnormal), '
      + 'the server adds `add` to the same sample, `free` or `charged` at its price.',
  }, async (request) => ({ success: true as const, ...(await service.listRules(db, request.ctx)) }));

  registerCall(app, reflexContracts.save, {
    tags: TAGS,
    summary: 'Add a reflex rule, or edit or switch off one of the site\'s rules',
    description: `${SESSION} Without \`_id\` a new rule; with it, an edit (\`active: false\` switches it off; rules are never deleted). `
      + 'An unknown test answers `400 reflex.unknownAssay` naming `trigger` or `add`; a second rule for the same pair `409 reflex.duplicateRule`. Audited.',
  }, async (request) => ({ success: true as const, pravilo: await service.saveRule(db, request.ctx, request.body) }));

  return Promise.resolve();
}
