import type { FastifyInstance } from 'fastify';
import { microWorkListContracts, microbiologyContracts } from '@lis/domain';
import { listRoute } from '../../lib/list-route.ts';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import { panelRoutes } from './panel-routes.ts';
import { referenceRoutes } from './reference-routes.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['mikrobiologija'];
const SESSION = 'Token and site as on every call. Organisms, antimicrobials and breakpoints are the lab\'s reference tables; '
  + "cultures belong to a sample of the site worked on: another site's sample answers 404 exactly like a missing one.";

export function microbiologyRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { db, realtime } = options;

  registerCall(app, microbiologyContracts.organisms, {
    tags: TAGS,
    summary: 'Organism picker',
    description: `${SESSION} \`q\`: words the name must contain (case ignored). \`200 { success: true, organizmi: [{ mo, naziv, gram, rank }] }\`, `
      + 'at most 30, the clinically most common first; synonyms are not offered.',
  }, async (request) => ({ success: true as const, organizmi: await service.searchOrganisms(db, request.query.q) }));

  registerCall(app, microbiologyContracts.antimicrobials, {
    tags: TAGS,
    summary: 'Antimicrobial picker',
    description: `${SESSION} \`q\`: words of the name, or the code (AMP, MEM) or an abbreviation. `
      + '`200 { success: true, antibiotici: [{ ab, naziv, grupa }] }`, at most 30.',
  }, async (request) => ({ success: true as const, antibiotici: await service.searchAntimicrobials(db, request.query.q) }));

  registerCall(app, microbiologyContracts.cultures, {
    tags: TAGS,
    summary: "A sample's cultures",
    description: `${SESSION}\n\n\`200 { success: true, uzorak, testovi: [{ _id, sifra, naziv, rezultat, kultura }], reference }\`: `
      + "the sample's tests of a microbiology section, each with its culture or null (specimen `materijal`, `uti`, growth `rast`, "
      + '`izolati` with organism, colony count `kolicina` as a power of ten and the antibiogram: agent, method MIC or DISK, the value '
      + 'as typed, the interpreted category `tumacenje` (S, I, R or null), its basis (breakpoint, intrinsic, noBreakpoint, undetermined), '
      + 'the breakpoint row used, a person\'s override `izmjena` and the reported category `konacno`); `reference` the breakpoint '
      + 'guideline in use with its attribution, null before reference data is imported.',
  }, async (request) => ({ success: true as const, ...(await service.cultures(db, request.ctx, request.params.sid)) }));

  registerCall(app, microbiologyContracts.save, {
    tags: TAGS,
    summary: 'Save the culture of a culture test',
    description: `${SESSION} Body \`{ sid, version, test, materijal, uti, rast, napomena, izolati: [{ organizam, kolicina, napomena, `
      + 'antibiogram: [{ antibiotik, metoda, vrijednost, izmjena?: { kategorija, razlog } }] }], razlog?, novaVerzija? }`. The culture is saved whole '
      + "and each antibiogram row interpreted by the culture's guideline: the one it was interpreted with before, the newest imported for a "
      + 'new culture or with `novaVerzija: true` (intrinsic resistance: R; no row: no category); the test\'s '
      + 'result becomes the culture\'s summary ("Escherichia coli 10^5 CFU/mL", or the test\'s normal text without growth) through '
      + '`POST /rezultati/save`, with its version check, status flow, lock and audit.\n\n`200 { success: true, status, version, kultura }`. '
      + 'Refusals change nothing: a MIC not on the dilution scale `400 micro.micNotStep`, a zone not whole mm `400 micro.zoneInvalid` '
      + '(field `izolati.{i}.antibiogram.{j}.vrijednost`), an organism or agent not in the tables `400 micro.unknownOrganism | '
      + 'micro.unknownAntibiotic`, an agent outside the panel of an isolate whose organism has one `400 micro.antibioticNotInPanel` (field `izolati.{i}.antibiogram.{j}.antibiotik`), an agent twice with one method `400 micro.duplicateAntibiotic`, growth without isolates or isolates '
      + 'without growth `400 micro.growthNeedsIsolate | micro.noGrowthIsolates`, an override without reason `400 micro.overrideReason`, '
      + 'a test that is not a culture of the sample `400 micro.notCultureTest`, another version `409 results.versionConflict`, an approved '
      + 'or verified sample `409 results.locked`.',
  }, async (request) => {
    const answer = await answeringFailureAs(request, 'save.failed', () => service.save(db, request.ctx, request.body, realtime));
    return { success: true as const, ...answer };
  });
  registerCall(app, microWorkListContracts.list, {
    tags: TAGS,
    summary: 'The microbiology work list',
    description: `${SESSION} The site's culture tests (tests of a section marked mikrobiologija), one row each: \`200 { success: true, `
      + 'data: [{ _id (the sample test), sid, pid, code, status, hitan, created_at, ime, prezime, sifra, naziv, materijal, rast, izolati, faza }], '
      + 'pagination }`. `faza` is the stage: postavljena (set up, no culture saved), ocitana (read, no isolate), izolati (organisms '
      + 'identified), antibiogram (an isolate has its antibiogram), verificirana (the sample is verified). The list query (`datum` DANAS, '
      + 'JUČER, SEDMICA, MJESEC, SVE or the date range on the registration time; `sort` created_at, code, prezime, ime, naziv, materijal, '
      + 'faza; `filter` the start of the code, prezime, ime or jmbg), plus `materijal` (the start of the specimen, case ignored), '
      + '`organizam` (an organism code grown) and `faza`.',
  }, listRoute(db, (list) => service.microWorkList(db, list)));
  panelRoutes(app, options);
  referenceRoutes(app, options);
  return Promise.resolve();
}
