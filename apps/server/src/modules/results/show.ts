import {
  resultKindOf,
  type ResultsShowAnswer, type ResultTest, allowedSampleActions, answerFlag, deltaCheck, exactNumericValue, isCriticalFlag,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { deltaLimitOf, enteredBy, judge, keepsItsReference, patientFacts, rangesByAssay, statusOf } from './judgement.ts';
import { referenceRangesOf, resultRepository, type PreviousResultRow, type ResultTestRow } from './repository.ts';
import { resultsChainPorts } from './ports.ts';

/**
 * GET /rezultati/{sid}: the result screen of a sample of this site. The
 * sample's version is read before its tests, so a change that lands between
 * the two reads shows newer results under the older version: the next save
 * is then refused (409) and the screen reloads, rather than a save silently
 * overwriting results it never showed.
 */
export async function show(db: Db, ctx: RequestContext, sid: string): Promise<Omit<ResultsShowAnswer, 'success'>> {
  const results = resultRepository(db, ctx.siteId);
  const sample = await results.findSample(sid);
  if (!sample) throw AppError.notFound();
  const [tests, facts, shown] = await Promise.all([
    results.testsOfSample(sample.id), patientFacts(db, ctx.siteId, sample), resultsChainPorts().sampleView(db, ctx, sample.id),
  ]);
  // The analyser's flags are shown only beside a result an analyser entered (a person's change replaces them).
  const byAnalyser = tests.filter((test) => test.unioSource !== null && !test.calculated);
  const analyserFlags = await resultsChainPorts().analyserFlags(db, ctx, byAnalyser.map((test) => test.id));
  const withNumbers = tests.filter((test) => test.rezultat !== null && exactNumericValue(test.rezultat) !== null);
  const [rangeRows, previousRows] = await Promise.all([
    referenceRangesOf(db, tests.map((test) => test.labassayId)),
    results.previousVerifiedResults(sample, withNumbers.map((test) => test.labassayId)),
  ]);
  const ranges = rangesByAssay(rangeRows);
  const previous = new Map<string, PreviousResultRow>(previousRows.map((row) => [row.labassayId, row]));
  const status = statusOf(sample.status);

  const entries: ResultTest[] = tests.map((test) => {
    // Once verified, a result shows the reference it was verified with (copied onto the test), whatever the catalogue says now.
    const { range, critical, flag, snapshot } = judge(test, test.rezultat, ranges, facts, keepsItsReference(sample, test));
    const before = previous.get(test.labassayId);
    return {
      _id: test.id,
      sifra: test.sifra,
      naziv: test.naziv,
      naziv_en: test.nazivEn,
      naziv_de: test.nazivDe,
      analit: test.analit,
      sekcija: { _id: test.sekcijaId, naziv: test.sekcijaNaziv, naziv_en: test.sekcijaNazivEn, naziv_de: test.sekcijaNazivDe, redoslijed: test.sekcijaRedoslijed },
      vrsta: resultKindOf(test.vrsta),
      opcije: test.opcije,
      decimals: test.decimals,
      calculated: test.calculated,
      rezultat: test.rezultat,
      jedinica: snapshot.jedinica,
      referenca: { low: range?.low ?? null, high: range?.high ?? null, text: range?.tekst ?? null },
      kriticno: critical,
      flag: answerFlag(flag),
      kriticni: isCriticalFlag(flag),
      delta: deltaCheck(test.rezultat, before ? { rezultat: before.rezultat, verifiedAt: before.verifiedAt.toISOString() } : null, deltaLimitOf(test)),
      status_t: test.statusT,
      unio: enteredBy(test),
      unio_at: test.unioAt?.toISOString() ?? null,
      aparat_flag: analyserFlags.get(test.id) ?? null,
      retest: test.retestRazlog,
      refleks: test.refleks,
      pusten: test.releasedAt ? { at: test.releasedAt.toISOString(), pravila: test.releasedByRules ?? '' } : null,
    };
  });
  const hasQualitativeResult = tests.some((test) => test.vrsta === 'qualitative' && test.rezultat !== null);
  return {
    status,
    version: sample.version,
    actions: [...allowedSampleActions({ status, pdf_exists: sample.pdfExists, hasQualitativeResult })],
    uzorak: shown.uzorak,
    tests: entries,
    obavijesten: sample.obavijesten,
  };
}

/** A sample's tests of this site as the chain reads them (with each assay's formula and section), for the autoverification's facts. */
export function testRowsOfSample(db: Db, ctx: RequestContext, sampleId: string): Promise<ResultTestRow[]> {
  return resultRepository(db, ctx.siteId).testsOfSample(sampleId);
}
