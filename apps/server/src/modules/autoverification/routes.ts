import type { FastifyInstance } from 'fastify';
import { autoverificationContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { registerCall } from '../../lib/register-call.ts';
import * as service from './service.ts';

const TAGS = ['autoverifikacija'];
const SESSION = 'Token and site as on every call. Rule sets belong to a site; another site\'s sample answers 404 like a missing one.';

export function autoverificationRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  registerCall(app, autoverificationContracts.show, {
    tags: TAGS,
    summary: "The site's autoverification: kill switch, active version, draft and its last simulation",
    description: `${SESSION}\n\n\`200 { success: true, ukljuceno, aktivna, nacrt, simulacija, testovi }\`: a version is { _id, naziv, verzija, `
      + 'pravila: { perSection, rules: [{ labassay (null: every assay), conditions }] }, aktivirana, aktivirao, izmijenjena }.',
  }, async (request) => ({ success: true as const, ...(await service.showRuleSets(db, request.ctx)) }));

  registerCall(app, autoverificationContracts.saveDraft, {
    tags: TAGS,
    summary: 'Save the draft rule set (a new version when there is none)',
    description: `${SESSION} Each rule names an assay (or null for every assay without its own rule) and its conditions, each with \`on\` `
      + 'and its parameters. An assay named twice answers `400 autoverification.duplicateRule`. Audited with the rules before and after; the '
      + "draft's last simulation is cleared.",
  }, async (request) => {
    await service.saveDraft(db, request.ctx, request.body);
    return { success: true as const };
  });

  registerCall(app, autoverificationContracts.simulate, {
    tags: TAGS,
    summary: 'Simulate the draft over the verified results of a period',
    description: `${SESSION} \`od\`, \`do\` (YYYY-MM-DD, at most 92 days): the draft judges every sample first verified in the period `
      + 'as it was then; answers the counts per assay and overall and every result it would have released which a person later changed or unlocked.',
  }, async (request) => ({ success: true as const, simulacija: await service.simulate(db, request.ctx, request.body) }));

  registerCall(app, autoverificationContracts.simulationProgress, {
    tags: TAGS,
    summary: "A running simulation's progress",
    description: `${SESSION} \`200 { success: true, napredak: null | { gotovo, ukupno, pocela } }\`: the days of the period judged so far, `
      + 'of how many; null when no simulation of the draft runs. The screen polls it while its simulation call runs.',
  }, async (request) => ({ success: true as const, napredak: await service.simulationProgress(db, request.ctx) }));

  registerCall(app, autoverificationContracts.activate, {
    tags: TAGS,
    summary: 'Activate the draft',
    description: `${SESSION} \`verzija\`: the draft's version as shown (\`409 autoverification.versionConflict\` otherwise). Without a `
      + 'simulation of its content, or when it found results later corrected, `potvrda: true` is needed (`409 autoverification.confirmationRequired`). Audited.',
  }, async (request) => {
    await service.activate(db, request.ctx, request.body);
    return { success: true as const };
  });

  registerCall(app, autoverificationContracts.setSwitch, {
    tags: TAGS,
    summary: 'The kill switch: autoverification on or off at the site',
    description: `${SESSION} Off stops every judgement at once (samples already released stay verified). Audited.`,
  }, async (request) => {
    await service.setSwitch(db, request.ctx, request.body.ukljuceno);
    return { success: true as const };
  });

  registerCall(app, autoverificationContracts.setResponsible, {
    tags: TAGS,
    summary: 'The specialist named responsible on reports the rules release',
    description: `${SESSION} \`odgovorni\`: a user of the site who may verify results, or null for none (\`400 autoverification.responsibleInvalid\` `
      + 'otherwise). A report released by the rules names its rule set and version, and under them this specialist. Audited.',
  }, async (request) => {
    await service.setResponsible(db, request.ctx, request.body.odgovorni);
    return { success: true as const };
  });

  registerCall(app, autoverificationContracts.sample, {
    tags: TAGS,
    summary: "A sample's judgement by the rules",
    description: `${SESSION}\n\n\`200 { success: true, presuda: null | { naziv, verzija, pusten, zastarjela, kada, rezultati: [{ test, `
      + 'neuspjesno: [{ code, condition }] }] } }`: each result\'s failed conditions; `zastarjela` when the sample changed since.',
  }, async (request) => ({ success: true as const, ...(await service.sampleJudgement(db, request.ctx, request.params.id)) }));

  return Promise.resolve();
}
