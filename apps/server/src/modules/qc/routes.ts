import type { FastifyInstance } from 'fastify';
import { message, qcContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['kontrole'];
const SESSION = 'Token and site as on every call. Control lots and results belong to a site: another site\'s lot or result answers 404 '
  + 'exactly like a missing one.';
const LIST = 'A list call: `sort` (`field|asc`, `field|desc`), `page`, `per_page`, `filter` (\'Pretraga\'), `datum`, `dateRangeMin`/`dateRangeMax`.';

export function qcRoutes(app: FastifyInstance, { db, realtime }: AppOptions): Promise<void> {

  registerCall(app, qcContracts.list, {
    tags: TAGS,
    summary: "The site's control lots (the controls list)",
    description: `${SESSION} ${LIST} Sortable: control, created, proizvodjac, lot, rok_trajanja, mod; the filter matches control, lot `
      + 'and manufacturer; the date range is the creation time.\n\n`200 { success: true, data: [{ _id, control, created, proizvodjac, lot, '
      + 'rok_trajanja, mod (Multi | Single) }], pagination }`.',
  }, listRoute(db, (list) => service.listControls(db, list)));

  registerCall(app, qcContracts.definition, {
    tags: TAGS,
    summary: 'A control lot with its targets',
    description: `${SESSION}\n\n\`200 { success: true, kontrola: { _id, control, created, proizvodjac, lot, rok_trajanja, mod, ciljevi: `
      + '[{ labassay, sifra, naziv, jedinica, nivo, mean, sd, izvor, analyser, analyser_ime }] } }`: `mean` and `sd` as declared (the '
      + 'insert\'s); the chart call answers the target in force. `analyser`: the analyser whose runs the target judges (null: the general '
      + 'target, for hand entry and analysers without their own).',
  }, async (request) => ({ success: true as const, kontrola: await service.definition(db, request.ctx, request.params.id) }));

  registerCall(app, qcContracts.save, {
    tags: TAGS,
    summary: 'Save a control lot and its targets (/kontrole/definicija)',
    description: `${SESSION} \`element\`: { _id?, control (the material's name), proizvodjac, lot, rok_trajanja (YYYY-MM-DD), mod `
      + '(Multi | Single), ciljevi: [{ labassay, nivo (1-6), mean, sd (> 0), izvor: proizvodjac | prvih20 | kumulativno, analyser? }], '
      + 'one per assay, level and analyser (`400 qc.duplicateLevel`); `analyser` an analyser of the site (`400 form.invalid` naming '
      + '`element.ciljevi.{i}.analyser`) or null for the general target: an analyser\'s runs are judged by its own target, else the '
      + 'general one, and against the earlier runs of the same source only. uzorci_aparata: '
      + '[{ nivo, uzorak }] }. `uzorci_aparata`: per level the specimen id an analyser sends for that level of this lot (a control result '
      + 'with that specimen id, from an analyser that recognises it as a control, is stored on this lot and level); unique at the site, '
      + 'case ignored (`409 qc.specimenTaken`). `izvor`: the '
      + "insert's values are in force until the lot has 20 counted results of the level; then `prvih20` takes those first 20 results' mean "
      + 'and SD, `kumulativno` all counted results. With `_id` that lot is changed (its targets replaced), without it one is added. '
      + 'Audited.\n\n`200 { success: true, message, kontrola }`; an SD of 0 or less: `400 qc.sdNotPositive` naming `element.ciljevi.{i}.sd`; '
      + 'the same name and LOT at the site: `409 qc.lotTaken`.',
  }, async (request) => ({
    success: true as const, message: message('qc.saved'), kontrola: await service.saveControl(db, request.ctx, request.body.element),
  }));

  registerCall(app, qcContracts.rules, {
    tags: TAGS,
    summary: 'The Westgard rules in force per assay and its TEa',
    description: `${SESSION}\n\n\`200 { success: true, pravila: [{ labassay, sifra, naziv, pravila: [1-2s | 1-3s | 2-2s | R-4s | 4-1s | `
      + '10x], tea }] }`: assays with rules set at the site; an assay without is judged by all six.',
  }, async (request) => ({ success: true as const, pravila: await service.rules(db, request.ctx) }));

  registerCall(app, qcContracts.saveRules, {
    tags: TAGS,
    summary: 'Set the Westgard rules and TEa of an assay',
    description: `${SESSION} \`{ labassay, pravila, tea (%, or null) }\`. Audited.\n\n\`200 { success: true }\`.`,
  }, async (request) => {
    await service.saveRules(db, request.ctx, request.body.labassay, request.body.pravila, request.body.tea);
    return { success: true as const };
  });

  registerCall(app, qcContracts.entry, {
    tags: TAGS,
    summary: 'Enter control results (/kontrole/unos)',
    description: `${SESSION} \`{ kontrola, mod (Multi | Single: one level per assay), izmjereno? (default now), vrijednosti: [{ labassay, `
      + 'nivo, vrijednost ("5,4" or "5.4") }] }`. Each assay\'s levels are one run, judged by the rules in force against the lot\'s earlier '
      + 'counted results: status prihvacen, upozorenje (1-2s only) or odbijen. A rejected run is announced to the site as `qc:rejected` '
      + '`{ labassay, naziv, serija, control, lot, pravila }` and holds the assay\'s patient results (`POST /api/rezultati/odobri` refuses '
      + 'them with `409 qc.hold`) until a corrective action is recorded or a later run passes. Audited.\n\n`200 { success: true, message, '
      + 'serije: [{ serija, labassay, naziv, status, prekrseno: [{ rule, levels }], rezultati: [{ _id, nivo, vrijednost, z, status }] }] }`. '
      + 'Refusals store nothing: not a number `400 qc.notNumeric` (field `vrijednosti.{i}.vrijednost`); no target for the assay and level '
      + '`400 qc.noTarget`; the lot expired before the day of measurement `400 qc.lotExpired`; Single with two levels of an assay '
      + '`400 qc.singleOneLevel`.',
  }, async (request) => ({
    success: true as const, message: message('qc.saveRunDone'), serije: await service.enterResults(db, realtime, request.ctx, request.body),
  }));

  registerCall(app, qcContracts.results, {
    tags: TAGS,
    summary: 'Control results (/kontrole/obrada/pregled, /kontrole/obrada/rezultati?kontrola=)',
    description: `${SESSION} ${LIST} \`kontrola\`: one lot's results. Sortable: control, lot, created, izmjereno, naziv, nivo, vrijednost, z, `
      + 'status; the date range is the time of measurement.\n\n`200 { success: true, data: [{ _id, control, lot, created, izmjereno, serija, '
      + 'sifra, naziv, nivo, unos, vrijednost, z, status, pravila, komentar, iskljucen, razlog_iskljucenja }], pagination }`.',
  }, listRoute(db, (list) => service.listControlResults(db, list)));

  registerCall(app, qcContracts.commentGet, {
    tags: TAGS,
    summary: "A control result's comment",
    description: `${SESSION} \`{ id }\`: the control result's _id.\n\n\`200 { success: true, komentar }\`.`,
  }, async (request) => ({ success: true as const, komentar: await service.comment(db, request.ctx, request.body.id) }));

  registerCall(app, qcContracts.commentSet, {
    tags: TAGS,
    summary: "Set a control result's comment",
    description: `${SESSION} \`{ id, komentar }\`. Audited.\n\n\`200 { success: true }\`.`,
  }, async (request) => {
    await service.setComment(db, request.ctx, request.body.id, request.body.komentar);
    return { success: true as const };
  });

  registerCall(app, qcContracts.exclude, {
    tags: TAGS,
    summary: 'Exclude a control result (never erased)',
    description: `${SESSION} \`{ _id, razlog }\`: the control result is kept but excluded from the statistics, the rules and the hold, `
      + 'with the reason (the spec\'s body `{ _id, site, token }` without one is recorded as \'bez navedenog razloga\'). The rest of its run and every later run of the lot\'s assay are judged again against the history as it now '
      + 'counts (z-scores as measured, the rules in force now); changed verdicts are written and audited (`qc.result.rejudge`); a run that '
      + 'becomes rejected holds and is announced as `qc:rejected`. Audited.\n\n`200 { success: true }`; excluded before `409 qc.alreadyExcluded`.',
  }, async (request) => {
    await service.exclude(db, realtime, request.ctx, request.body._id, request.body.razlog);
    return { success: true as const };
  });

  registerCall(app, qcContracts.chart, {
    tags: TAGS,
    summary: 'Levey-Jennings data of a lot\'s assay (/kontrole/charts)',
    description: `${SESSION} \`kontrola\`, \`labassay\`; \`dateRangeMin\`/\`dateRangeMax\` (default: the last 31 days); \`izvor\`: an `
      + "analyser's id or `rucno` (hand entry): only that source's results, against the target that judges them (without it every "
      + 'source, against the general target); `izvori` lists the sources of the lot\'s results.\n\n`200 { success: '
      + 'true, naziv, jedinica, tea, izvori: [{ analyser, ime }], nivoi: [{ nivo, mean, sd, izvor, established, statistika: { n, mean, sd, cv, bias, sigma }, tacke: [{ _id, '
      + 'serija, izmjereno, vrijednost, z, status, pravila, iskljucen }] }] }`: the target in force per level, the results of the range '
      + 'with the rules each violated, and the statistics of the counted ones (bias % against the target mean; Sigma = (TEa − |bias|) / CV).',
  }, async (request) => service.chart(db, request.ctx, request.query));

  registerCall(app, qcContracts.monthly, {
    tags: TAGS,
    summary: "A lot's monthly table (/kontrole/charts)",
    description: `${SESSION} \`kontrola\`, \`mjesec\` (YYYY-MM, the site's calendar month); \`izvor\` as for the chart.\n\n\`200 { `
      + 'success: true, mjesec, izvori, redovi: [{ '
      + 'labassay, sifra, naziv, jedinica, nivo, n, mean, sd, cv, cilj, bias, tea, sigma }] }`: per assay and level the lot has a target '
      + 'for, the counted results of the month: n, mean, SD, CV (%), bias (%) against `cilj` (the target mean in force), and Sigma = '
      + '(TEa − |bias|) / CV from the assay\'s TEa (null without TEa or a CV). A month not written as YYYY-MM `400 qc.badMonth`.',
  }, async (request) => ({ success: true as const, mjesec: request.query.mjesec, ...await service.monthly(db, request.ctx, request.query) }));

  registerCall(app, qcContracts.holds, {
    tags: TAGS,
    summary: 'Assays whose patient results are held by a rejected control run',
    description: `${SESSION}\n\n\`200 { success: true, blokade: [{ labassay, analyser, analyser_ime, naziv, serija, control, lot, izmjereno, `
      + 'pravila }] }`: per assay and source (an analyser, or `analyser` null for runs entered by hand) the latest counted run at the site '
      + 'was rejected (by the rules named) and has no corrective action. An analyser\'s run holds that analyser\'s patient results of the '
      + 'assay and those entered by hand; a run entered by hand holds every patient result of the assay.',
  }, async (request) => ({ success: true as const, blokade: await service.holds(db, request.ctx) }));

  registerCall(app, qcContracts.correctiveAction, {
    tags: TAGS,
    summary: 'Record the corrective action of a rejected run (releases the hold)',
    description: `${SESSION} \`{ serija, opis }\`: what was done about the rejected run. The assay's patient results that run held can be `
      + 'approved again. Audited.\n\n`200 { success: true }`; a run that was not rejected `409 qc.notRejected`; no `opis` `400 qc.actionRequired`.',
  }, async (request) => {
    await service.recordCorrectiveAction(db, request.ctx, request.body.serija, request.body.opis);
    return { success: true as const };
  });
  return Promise.resolve();
}
