import type { FastifyInstance } from 'fastify';
import { integrationContracts, message } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { listRoute } from '../../lib/list-route.ts';
import { AnalyserConnections } from './connections.ts';
import { AnalyserIngest } from './ingest.ts';
import { benchCheck, benchStore } from './bench.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['integracija'];
const SESSION = 'Token and site as on every call. Analysers belong to a site: another site\'s analyser or message answers 404 '
  + 'exactly like a missing one.';

export function integrationRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { db, realtime } = options;
  // Without the process's own (main.ts starts it), the routes keep one that is never started: saves are stored, no port opens.
  const integration: service.Integration = options.integration ?? (() => {
    const ingest = new AnalyserIngest(db, realtime);
    return { ingest, connections: new AnalyserConnections(db, ingest, { host: '127.0.0.1' }) };
  })();

  registerCall(app, integrationContracts.list, {
    tags: TAGS,
    summary: "The site's analysers (/analysers, /integracija/pregled)",
    description: `${SESSION} The list table contract ('Pretraga' on name and protocol).\n\n\`200 { success: true, data: [element + `
      + '{ _id, veza: { stanje: off|listening|connected|connecting|error, veze, port, greska }, zadnja_poruka, poruka_danas, created_at, '
      + 'updated_at }], pagination }`.',
  }, listRoute(db, (list) => service.listAnalysers(db, integration, list)));

  registerCall(app, integrationContracts.edit, {
    tags: TAGS,
    summary: 'Save an analyser (the JSON editor, /integracija/postavke)',
    description: `${SESSION} \`analyser\`: { _id?, ime, protokol: astm|hl7, transport: { mode: 'listen', port } (the LIS listens on `
      + 'HOST) or { mode: \'connect\', host, port } (the LIS connects to the analyser), checksum (default true), mapa: { analyser test '
      + 'code: lab assay sifra }, aktivan, any other field kept }. With `_id` that analyser is changed, without it one is added. '
      + 'Audited. Saving starts, restarts or stops its listener or connection at once.\n\n`200 { success: true, message, analyser }`; '
      + 'a bad field: `400` naming it (`analyser.transport.port`, `analyser.mapa.WBC` for an assay that does not exist); the name '
      + 'taken: `409 integration.duplicateName`; the port taken by another listener: `409 integration.portTaken`.',
  }, async (request) => ({
    success: true as const, message: message('integration.saved'),
    analyser: await service.saveAnalyser(db, integration, request.ctx, request.body.analyser),
  }));

  registerCall(app, integrationContracts.analyserAssays, {
    tags: TAGS,
    summary: 'The analyser assay table (/assays): every code of the analysers\' maps',
    description: `${SESSION} The list table contract plus \`sifra\` (rows mapping to that lab assay) and \`analyser\` (one analyser's `
      + 'rows); sorts analyser_ime, kod, sifra, naziv; \'Pretraga\' on the analyser\'s name, the code, the sifra and the assay\'s name. '
      + 'A row is changed through `postavke/analysers/edit` (its `mapa`, and `mapa_iskljuceno` to switch a code off).\n\n'
      + '`200 { success: true, data: [{ _id: "<analyser>:<code>", analyser, analyser_ime, analyser_aktivan, kod, sifra, labassay, naziv, '
      + 'labassay_disabled, aktivan }], pagination }`.',
  }, listRoute(db, (list) => service.listAnalyserAssays(db, list)));

  registerCall(app, integrationContracts.messages, {
    tags: TAGS,
    summary: 'Messages the analysers sent (/integracija/pregled)',
    description: `${SESSION} The list table contract (days on the time received); \`analyser\` narrows to one.\n\n`
      + '`200 { success: true, data: [{ _id, analyser, analyser_ime, primljeno, protokol, vrsta, kontrolni_id, ishod: '
      + 'applied|review|control|query|empty|error, greska, rezultata, kontrolnih (stored as control runs), za_pregled, duplikata, sirovo }], '
      + 'pagination }`: `sirovo` is the '
      + 'message as received; `duplikata` how often it was received again (stored and applied once).',
  }, listRoute(db, (list) => service.listMessages(db, list)));

  registerCall(app, integrationContracts.review, {
    tags: TAGS,
    summary: 'Analyser results kept for review (/integracija/pregled)',
    description: `${SESSION} The list table contract (days on the time kept); \`otvoreni=1\` only those not yet applied.\n\n`
      + '`200 { success: true, data: [{ _id, poruka, analyser_ime, razlog: unknownSpecimen|sampleLocked|testNotOrdered|'
      + 'unmappedCode|invalidValue|unknownControl|controlNoTarget|controlExpired (the last three, and any reason of a control '
      + 'specimen, never reach a sample: a retry sends them to quality control again), uzorak (specimen id as sent), sid (the sample, when found), test, vrijednost, jedinica, flag, '
      + 'rijeseno, created_at }], pagination }`.',
  }, listRoute(db, (list) => service.listReviewItems(db, list)));

  registerCall(app, integrationContracts.retry, {
    tags: TAGS,
    summary: 'Process a stored analyser message again',
    description: `${SESSION} \`id\`: the message. A message that could not be read is read and applied anew; otherwise its results `
      + 'kept for review are tried again (after the sample got the test, or the mapping was fixed); results applied before are '
      + 'never applied twice. Audited.\n\n`200 { success: true, message, ishod, primijenjeno, za_pregled }`.',
  }, async (request) => ({
    success: true as const, message: message('integration.retried'),
    ...(await service.retryMessage(db, integration, realtime, request.ctx, request.body.id)),
  }));

  registerCall(app, integrationContracts.benchCheck, {
    tags: TAGS,
    summary: 'The capture bench: what the ingest would do with a capture (/integracija, \'Provjera poruke\')',
    description: `${SESSION} \`analyser\`: the analyser the capture is read for; \`tekst\`: raw ASTM records, framed ASTM (STX … ETX `
      + 'with checksums; `<STX>` spelt out as logs write it is understood) or HL7 (with or without MLLP bytes). Read with the ingest\'s '
      + 'own interpretation and judgement; nothing is stored.\n\n`200 { success: true, protokol, delimiteri, vrsta, greska, problemi, '
      + 'upita, rezultati: [{ uzorak, uzorak_postoji, kontrola, test, sifra, vrijednost, pohranjeno, jedinica, flag, razlog }] }`: '
      + '`razlog` null when the result would be applied, else the review reason.',
  }, async (request) => ({ success: true as const, ...(await benchCheck(db, request.ctx, request.body.analyser, request.body.tekst)) }));

  registerCall(app, integrationContracts.benchStore, {
    tags: TAGS,
    summary: 'The capture bench: store a capture as a message from the analyser',
    description: `${SESSION} The body of \`integracija/provjera\`. The capture goes through the same ingest as a message over TCP `
      + '(kept as the message, its results applied or kept for review, sent twice: stored once). Audited.\n\n'
      + '`200 { success: true, message, duplikat, primijenjeno, za_pregled, greska }`.',
  }, async (request) => ({
    success: true as const, message: message('integration.benchStored'),
    ...(await benchStore(db, integration, request.ctx, request.body.analyser, request.body.tekst)),
  }));

  return Promise.resolve();
}
