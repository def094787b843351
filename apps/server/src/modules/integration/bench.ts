import { MLLP_END, MLLP_START, type AnalyserResult } from '@lis/analyser-protocols';
import {
  analyserInterpretationOf, controlRecognitionOf, isControlSpecimen, isMicrobiologyInstrument, mappingInForce, type BenchCheckAnswer, type BenchResultRow,
  type ReviewReason,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { lockSamplesForAnalyser } from '../results/service.ts';
import { contentHash, flagsOf, interpret, judgeControlResult, judgePatientResults, specimensOf } from './ingest.ts';
import { microbiologyBenchLines } from './microbiology-ingest.ts';
import { captureMessageText } from './replay.ts';
import { integrationRepository, type AnalyserRow } from './repository.ts';
import type { Integration } from './service.ts';

/**
 * The capture bench (/integracija, 'Provjera poruke'): a capture pasted or uploaded for an analyser is read
 * with the ingest's own interpretation and judgement (ingest.ts `interpret`, `judgePatientResults`): there is
 * no second parser. The check stores nothing; the store hands the capture to the ingest as a message over TCP.
 */

/** Control characters as serial and TCP logs write them (`<STX>`), and as bytes. */
const NAMED_CONTROLS: Readonly<Record<string, string>> = {
  STX: '\u0002', ETX: '\u0003', ETB: '\u0017', EOT: '\u0004', ENQ: '\u0005', ACK: '\u0006', NAK: '\u0015', CR: '\r', LF: '\n',
  VT: '\u000b', FS: '\u001c',
};

/** The link's handshake characters (EOT, ENQ, ACK, NAK) a log of unframed records may still show. */
const LINK_CONTROLS = new Set(['\u0004', '\u0005', '\u0006', '\u0015']);

/**
 * The message text a capture carries, as the link layer would hand it to the ingest: control characters a log
 * spells out (`<STX>`, `<CR>`) made bytes again; framed ASTM de-framed (each frame's text after its number
 * joined, ETB continuations included: replay.ts captureMessageText, as the replayed captures are); HL7's MLLP
 * bytes dropped; records ending in CR (a pasted text's line ends are LF).
 */
export function benchMessageText(protocol: 'astm' | 'hl7', capture: string): string {
  const bytes = capture.replace(/<(STX|ETX|ETB|EOT|ENQ|ACK|NAK|CR|LF|VT|FS)>/g, (_, name: string) => NAMED_CONTROLS[name] ?? '');
  if (protocol === 'hl7') {
    return bytes.replaceAll(String.fromCharCode(MLLP_START), '').replaceAll(String.fromCharCode(MLLP_END), '').replace(/^\s+/, '');
  }
  const text = bytes.includes('\u0002') ? captureMessageText(Buffer.from(bytes, 'latin1')) : [...bytes].filter((char) => !LINK_CONTROLS.has(char)).join('');
  return text.replace(/\r\n|\n/g, '\r').replace(/^\r+/, '');
}

/** The delimiters a message declares: ASTM H-2 (field, repeat, component, escape), HL7 MSH-1 and MSH-2. */
function delimitersOf(protocol: 'astm' | 'hl7', text: string): string | null {
  const header = text.split(/\r|\n/).find((line) => line.trim() !== '') ?? '';
  if (protocol === 'astm') return header.toUpperCase().startsWith('H') && header.length >= 5 ? header.slice(1, 5) : null;
  return header.startsWith('MSH') && header.length >= 8 ? header.slice(3, 8) : null;
}

async function analyserOf(db: Db, ctx: RequestContext, id: string): Promise<AnalyserRow> {
  const analyser = await integrationRepository(db, ctx.siteId).findAnalyser(id);
  if (!analyser) throw AppError.notFound();
  return analyser;
}

function row(result: AnalyserResult, fields: {
  exists: boolean; control: boolean; sifra: string | null; stored: string | null; razlog: ReviewReason | null;
}): BenchResultRow {
  return {
    uzorak: result.specimenId.trim(), uzorak_postoji: fields.exists, kontrola: fields.control, test: result.testCode, sifra: fields.sifra,
    vrijednost: result.value, pohranjeno: fields.razlog === null ? fields.stored : null, jedinica: result.unit ?? null, flag: flagsOf(result),
    razlog: fields.razlog,
  };
}

/**
 * POST /integracija/provjera: what the ingest would do with the capture, result by result, storing nothing. A
 * control specimen's result would go to quality control (its lot and level are judged there when stored).
 */
export async function benchCheck(db: Db, ctx: RequestContext, analyserId: string, capture: string): Promise<Omit<BenchCheckAnswer, 'success'>> {
  const analyser = await analyserOf(db, ctx, analyserId);
  const protocol: 'astm' | 'hl7' = analyser.protokol === 'hl7' ? 'hl7' : 'astm';
  const text = benchMessageText(protocol, capture);
  const { message, error } = interpret(analyser, text);
  const base = { protokol: protocol, delimiteri: delimitersOf(protocol, text) };
  if (!message) return { ...base, vrsta: null, greska: error ?? 'unreadable', problemi: [], upita: 0, rezultati: [], mikrobiologija: [] };
  const read = { ...base, vrsta: message.messageType ?? null, greska: null, problemi: [...message.problems], upita: message.queries.length };
  // A microbiology instrument's results land as isolates, not as test results: one line per isolate and antibiotic says what each would do.
  if (isMicrobiologyInstrument(analyser.element)) return { ...read, rezultati: [], mikrobiologija: await microbiologyBenchLines(db, analyser, message.results) };

  const mapa = mappingInForce({ mapa: analyser.mapa, mapa_iskljuceno: analyser.element.mapa_iskljuceno });
  const settings = analyserInterpretationOf(analyser.element);
  const recognition = controlRecognitionOf(analyser.element);
  const isControl = (result: AnalyserResult) => isControlSpecimen(recognition, result.specimenId, result.qc === true);
  const patients = message.results.filter((result) => !isControl(result));
  // Read in a transaction that writes nothing (the samples' rows are locked as the ingest locks them, then released).
  const judged = await db.transaction(async (tx) => judgePatientResults(
    patients, await lockSamplesForAnalyser(tx, analyser.siteId, specimensOf(patients)), mapa, settings,
  ));
  const byResult = new Map(judged.map((entry) => [entry.result, entry]));
  const rezultati = message.results.map((result): BenchResultRow => {
    const entry = byResult.get(result);
    if (entry) {
      return row(result, { exists: entry.sample !== null, control: false, sifra: entry.sifra, stored: entry.value, razlog: entry.razlog });
    }
    const control = judgeControlResult(result, mapa, settings);
    return row(result, { exists: false, control: true, sifra: control.sifra, stored: control.value, razlog: control.razlog });
  });
  return { ...read, rezultati, mikrobiologija: [] };
}

/**
 * POST /integracija/provjera/spremi: the capture stored through the ingest exactly as a message over TCP (kept as
 * the message, applied, its outcome written), then audited with what became of it.
 */
export async function benchStore(db: Db, integration: Integration, ctx: RequestContext, analyserId: string, capture: string): Promise<{
  duplikat: boolean; primijenjeno: number; za_pregled: number; greska: string | null;
}> {
  const analyser = await analyserOf(db, ctx, analyserId);
  const text = benchMessageText(analyser.protokol === 'hl7' ? 'hl7' : 'astm', capture);
  const answer = await integration.ingest.receive(analyser, text);
  if (answer.kind === 'failed') throw new AppError(503, 'integration.notStored');
  const stored = await integrationRepository(db, ctx.siteId).messageByContent(analyser.id, contentHash(text));
  const outcome = {
    duplikat: answer.kind === 'accepted' && answer.duplicate, primijenjeno: (stored?.rezultata ?? 0) + (stored?.kontrolnih ?? 0),
    za_pregled: stored?.zaPregled ?? 0, greska: answer.kind === 'unreadable' ? answer.error : null,
  };
  await db.transaction((tx) => writeAudit(tx, ctx, {
    action: 'analyser.benchStore', entity: 'analyser_message', entityId: stored?.id ?? analyser.id, field: 'outcome',
    oldValue: null, newValue: { analyser: analyser.id, ishod: stored?.outcome ?? null, ...outcome },
  }));
  return outcome;
}
