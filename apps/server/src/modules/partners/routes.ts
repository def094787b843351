import type { FastifyInstance } from 'fastify';
import { message, partnerContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['partneri'];
const SESSION = 'Token and site as on every call. Partners are the lab\'s: every site sees the same registry.';
const PARTNER = '`partner` = `{ _id, naziv, vrste: [narucilac | osiguranje | dobavljac], email, telefon, adresa, idBroj, aktivan, '
  + 'kontakti: [{ ime, telefon, email }], emailNalazi: [address], cijene: [{ labassay, sifra, naziv, price, katalog }], created_at, updated_at }`; '
  + 'prices are exact decimal text ("4.50"), `katalog` the test\'s catalogue price beside it.';

export function partnerRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {

  registerCall(app, partnerContracts.list, {
    tags: TAGS,
    summary: 'The partners registry (/partneri)',
    description: `${SESSION} The list query contract: \`sort\` (naziv, email, telefon, adresa, idBroj, aktivan, updated_at, uzoraka; default naziv), `
      + '`page`, `per_page`, `filter` (every word: a part of the name or address, or the start of the e-mail or ID number). Day presets do not apply.\n\n'
      + '`200 { success: true, data: [{ _id, naziv, vrste, email, telefon, adresa, idBroj, aktivan, kontakata, cijena (price-list lines), '
      + 'uzoraka (samples of the site), updated_at }], pagination }`.',
  }, listRoute(db, (list) => service.list(db, list)));

  registerCall(app, partnerContracts.orderers, {
    tags: TAGS,
    summary: 'Active orderers: the choices of a sample\'s partner',
    description: `${SESSION}\n\n\`200 { success: true, partneri: [{ _id, naziv }] }\` by name: active partners of kind narucilac.`,
  }, async () => ({ success: true as const, partneri: await service.orderers(db) }));

  registerCall(app, partnerContracts.show, {
    tags: TAGS,
    summary: 'A partner with contacts, report addresses and price list',
    description: `${SESSION}\n\n\`200 { success: true, partner }\`. ${PARTNER} Unknown: \`404\`.`,
  }, async (request) => ({ success: true as const, partner: await service.show(db, request.params.id) }));

  registerCall(app, partnerContracts.save, {
    tags: TAGS,
    summary: 'Create or edit a partner (the partner-edit dialog)',
    description: `${SESSION} Without \`_id\` a new partner; with it the partner's whole record: \`kontakti\`, \`emailNalazi\` and \`cijene\` `
      + '(`[{ labassay, price }]`, the price of that test on the partner\'s samples instead of the catalogue price) are replaced by what is sent. '
      + 'Audited, one row per changed field.\n\n'
      + `\`200 { success: true, partner, message: "Partner uspješno sačuvan!" }\`. ${PARTNER}\n\n`
      + 'Refusals: no name `400 form.required (naziv)`; a bad address `400 partners.emailInvalid` naming it (`emailNalazi.1`); a bad price '
      + '`400 partners.priceInvalid`; an unknown test `400 form.invalid (cijene.0.labassay)`; a name another partner has (case ignored) '
      + '`409 partners.nameTaken`; an unknown `_id` `404`.',
  }, async (request) => ({ success: true as const, partner: await service.save(db, request.ctx, request.body), message: message('partners.saved') }));
  return Promise.resolve();
}
