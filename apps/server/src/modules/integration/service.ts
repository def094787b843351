import {
  calendarDateOf, startOfDay,
  type AnalyserAnswer, type AnalyserElement, type ConnectionStatus, type ListAnswer, type MessageOutcome,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { unknownReferenceCodes } from '../microbiology/service.ts';
import { announce } from '../results/service.ts';
import { announceRejected } from '../qc/service.ts';
import { siteTimeZone } from '../sites/service.ts';
import type { AnalyserConnections } from './connections.ts';
import type { AnalyserIngest } from './ingest.ts';
import {
  existingAssayCodes, integrationRepository, listenPortTaken, type AnalyserRow, type AnalyserValues,
} from './repository.ts';

/** What the integration calls work with: the process's connections (their state, restarted on save) and the ingest. */
export interface Integration {
  connections: AnalyserConnections;
  ingest: AnalyserIngest;
}

/** The element as stored and answered: the editor's JSON with the checked fields as saved. */
function elementOf(row: AnalyserRow): Record<string, unknown> {
  return { ...row.element, ime: row.ime, protokol: row.protokol, transport: row.transport, checksum: row.checksum, mapa: row.mapa, aktivan: row.aktivan };
}

function answerOf(row: AnalyserRow, veza: ConnectionStatus, stats: { last: Date | null; today: number } | undefined): AnalyserAnswer {
  return {
    ...elementOf(row),
    _id: row.id,
    ime: row.ime,
    protokol: row.protokol === 'hl7' ? 'hl7' : 'astm',
    transport: row.transport,
    checksum: row.checksum,
    mapa: row.mapa,
    aktivan: row.aktivan,
    veza,
    zadnja_poruka: stats?.last ? stats.last.toISOString() : null,
    poruka_danas: stats?.today ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function startOfSiteDay(db: Db, siteId: string): Promise<Date> {
  const zone = await siteTimeZone(db, siteId);
  return startOfDay(calendarDateOf(new Date(), zone), zone);
}

/** GET /postavke/analysers/list: the site's analysers with their connection state, last message and messages today. */
export async function listAnalysers(db: Db, integration: Integration, list: ListRequest<unknown>): Promise<ListAnswer<AnalyserAnswer>> {
  const repository = integrationRepository(db, list.siteId);
  // The day's start first: an await inside the array would leave a refused list query's rejection unhandled meanwhile.
  const since = await startOfSiteDay(db, list.siteId);
  const [page, stats] = await Promise.all([repository.listAnalysers(list), repository.messageStats(since)]);
  const veze = await integration.connections.statuses(page.data.map((row) => row.id));
  return { data: page.data.map((row) => answerOf(row, veze.get(row.id) ?? integration.connections.status(row.id), stats.get(row.id))), pagination: page.pagination };
}

/**
 * POST /postavke/analysers/edit: adds an analyser to the site worked on, or changes one of its own. The map
 * must name existing lab assays (a microbiology instrument's code maps existing reference organisms and
 * agents, 400 naming the code's field), the name must be the site's only one of that name, and a listening port the
 * lab's only listener on it. Audited with the element before and after; once committed, the analyser's
 * transport starts, restarts or stops at once.
 */
export async function saveAnalyser(db: Db, integration: Integration, ctx: RequestContext, element: AnalyserElement): Promise<AnalyserAnswer> {
  const { _id: id, ...fields } = element;
  const known = await existingAssayCodes(db, Object.values(fields.mapa));
  for (const [code, sifra] of Object.entries(fields.mapa)) {
    if (!known.has(sifra)) throw new AppError(400, 'integration.unknownAssay', `analyser.mapa.${code}`, { sifra });
  }
  if (fields.mikrobiologija) {
    const { organizmi, antibiotici } = fields.mikrobiologija;
    const unknown = await unknownReferenceCodes(db, { organisms: Object.values(organizmi), agents: Object.values(antibiotici) });
    const organism = Object.entries(organizmi).find(([, mo]) => unknown.organisms.includes(mo));
    if (organism) throw new AppError(400, 'micro.unknownOrganism', `analyser.mikrobiologija.organizmi.${organism[0]}`, { organizam: organism[1] });
    const agent = Object.entries(antibiotici).find(([, ab]) => unknown.agents.includes(ab));
    if (agent) throw new AppError(400, 'micro.unknownAntibiotic', `analyser.mikrobiologija.antibiotici.${agent[0]}`, { antibiotik: agent[1] });
  }
  const saved = await db.transaction(async (tx) => {
    const repository = integrationRepository(tx, ctx.siteId);
    const before = id === undefined ? null : await repository.findAnalyser(id);
    if (id !== undefined && !before) throw AppError.notFound();
    if (await repository.nameTaken(fields.ime, id ?? null)) throw AppError.conflict('integration.duplicateName', 'analyser.ime');
    if (fields.aktivan && fields.transport.mode === 'listen' && await listenPortTaken(tx, fields.transport.port, id ?? null)) {
      throw new AppError(409, 'integration.portTaken', 'analyser.transport.port', { port: String(fields.transport.port) });
    }
    const values: AnalyserValues = {
      ime: fields.ime, protokol: fields.protokol, transport: fields.transport, checksum: fields.checksum, mapa: fields.mapa,
      aktivan: fields.aktivan, element: fields,
    };
    const row = before ? await repository.updateAnalyser(before.id, values) : await repository.insertAnalyser(values);
    await writeAudit(tx, ctx, {
      action: before ? 'analyser.update' : 'analyser.create', entity: 'analyser', entityId: row.id,
      oldValue: before ? elementOf(before) : null, newValue: elementOf(row),
    });
    return row;
  });
  await integration.connections.reload(saved.id);
  const stats = await integrationRepository(db, ctx.siteId).messageStats(await startOfSiteDay(db, ctx.siteId));
  const veze = await integration.connections.statuses([saved.id]);
  return answerOf(saved, veze.get(saved.id) ?? integration.connections.status(saved.id), stats.get(saved.id));
}

export function listAnalyserAssays(db: Db, list: ListRequest<{ sifra?: string | undefined; analyser?: string | undefined }>) {
  return integrationRepository(db, list.siteId).listAnalyserAssays(list);
}

export function listMessages(db: Db, list: ListRequest<{ analyser?: string | undefined }>) {
  return integrationRepository(db, list.siteId).listMessages(list);
}

export function listReviewItems(db: Db, list: ListRequest<{ otvoreni?: '0' | '1' | undefined }>) {
  return integrationRepository(db, list.siteId).listReviewItems(list);
}

/**
 * POST /api/retry: processes a stored message of the site again (see AnalyserIngest.retry); audited with the
 * outcome before and after. Samples the retry completes are announced once it has committed.
 */
export async function retryMessage(
  db: Db, integration: Integration, realtime: RealtimeHub | undefined, ctx: RequestContext, id: string,
): Promise<{ ishod: MessageOutcome; primijenjeno: number; za_pregled: number }> {
  const result = await db.transaction(async (tx) => {
    const repository = integrationRepository(tx, ctx.siteId);
    const message = await repository.lockMessage(id);
    if (!message) throw AppError.notFound();
    const analyser = await repository.findAnalyser(message.analyserId);
    if (!analyser) throw AppError.notFound();
    const retried = await integration.ingest.retry(tx, analyser, message);
    await writeAudit(tx, ctx, {
      action: 'analyser.retry', entity: 'analyser_message', entityId: message.id, field: 'outcome',
      oldValue: message.outcome, newValue: retried.outcome,
    });
    return retried;
  });
  announce(realtime, ctx.siteId, result.completions);
  announceRejected(realtime, ctx.siteId, result.qcRuns);
  return { ishod: result.outcome, primijenjeno: result.applied, za_pregled: result.review };
}

/** The result screen's analyser flags (results/ports.ts `analyserFlags`): the latest applied analyser result's flags per sample test. */
export function analyserFlags(db: Db, ctx: RequestContext, sampleTestIds: readonly string[]): Promise<Map<string, string>> {
  return integrationRepository(db, ctx.siteId).latestAnalyserFlags(sampleTestIds);
}
