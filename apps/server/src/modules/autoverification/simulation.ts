import {
  type AutoverificationResultFacts, type AutoverificationRules, type Simulation, type SimulationRisk, addDays, compareDates, deltaCheck, formulaComponents,
  fromIsoDate, judgeSample, releaseOf, startOfDay,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { deltaLimitOf, judge, patientFactsOfSamples } from '../results/service.ts';
import { analyserFlags } from '../integration/service.ts';
import { runsBetween } from '../qc/service.ts';
import { siteTimeZone } from '../sites/service.ts';
import { autoverificationRepository, type HistoryRow } from './repository.ts';
import { MAX_QC_HOURS } from '@lis/domain';

// The simulation of the draft over the site's history: every sample registered in the period and verified at
// least once is judged by the draft's rules as it was at its first verification (simulationHistory: the values
// then, the reference copied then, the patient's previous verified value before it; the control runs measured
// before it; the analyser's flags), with the same judgement the engine uses (judgeSample). It answers how many
// results and samples the rules would have released, per assay and overall, and every released one a person
// later changed or unlocked: the list that must be empty before activation goes without a second confirmation.
// Set-based: one statement reads the history, one the control runs, one the analyser flags per 5 000 results.

const HOUR_MS = 3_600_000;
const FLAG_CHUNK = 5_000;

const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The control runs of one assay, oldest first, and the QC facts of a moment: the hold then and the last passing run before. */
function qcAt(runs: readonly { izmjereno: Date; rejected: boolean; correctedAt: Date | null }[], at: Date): { held: boolean; lastPassing: Date | null } {
  let latest: (typeof runs)[number] | null = null;
  let lastPassing: Date | null = null;
  for (const run of runs) {
    if (run.izmjereno > at) break;
    latest = run;
    if (!run.rejected) lastPassing = run.izmjereno;
  }
  const held = latest !== null && latest.rejected && (latest.correctedAt === null || latest.correctedAt > at);
  return { held, lastPassing };
}

/** What the simulation adds up over the days it has judged. */
interface Tally {
  perAssay: Map<string, { labassay: string; sifra: string; naziv: string; rezultata: number; pusteno: number }>;
  risks: SimulationRisk[];
  samples: number;
  samplesReleased: number;
  results: number;
  resultsReleased: number;
}

type ControlRuns = Map<string, { izmjereno: Date; rejected: boolean; correctedAt: Date | null }[]>;

export async function simulate(db: Db, ctx: RequestContext, period: { od: string; do: string }): Promise<Simulation> {
  const started = Date.now();
  const repository = autoverificationRepository(db, ctx.siteId);
  const draft = await repository.draft();
  if (!draft) throw AppError.conflict('autoverification.noDraft');
  const rules: AutoverificationRules = draft.pravila;
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const fromDay = fromIsoDate(period.od);
  const toDay = fromIsoDate(period.do);
  if (!fromDay || !toDay) throw new AppError(400, 'dateRange.invalid', 'od');
  const days: { from: Date; to: Date }[] = [];
  for (let day = fromDay; compareDates(day, toDay) <= 0; day = addDays(day, 1)) days.push({ from: startOfDay(day, timeZone), to: startOfDay(addDays(day, 1), timeZone) });

  // The control runs of an assay from the longest QC window before the period up to now (a sample of the period may
  // have been verified long after it): few rows, read once per assay when a day first holds it; each result takes
  // those measured before its moment.
  const runsOf: ControlRuns = new Map();
  const runsSince = new Date(days[0]!.from.getTime() - MAX_QC_HOURS * HOUR_MS);
  const loadRuns = async (rows: readonly HistoryRow[]) => {
    const missing = [...new Set(rows.map((row) => row.labassay_id))].filter((id) => !runsOf.has(id));
    if (missing.length === 0) return;
    for (const id of missing) runsOf.set(id, []);
    for (const run of await runsBetween(db, ctx.siteId, missing, runsSince, new Date())) runsOf.get(run.labassayId)?.push(run);
  };

  // Day by day: each day's history is one statement and its judgement, and the draft's progress row says how many
  // days are done, so the screen (on whichever server it polls) shows real progress on a long period.
  const tally: Tally = { perAssay: new Map(), risks: [], samples: 0, samplesReleased: 0, results: 0, resultsReleased: 0 };
  await repository.setSimulationProgress(draft.id, { gotovo: 0, ukupno: days.length, pocela: new Date(started).toISOString() });
  try {
    for (const [index, day] of days.entries()) {
      const rows = await repository.history(day.from, day.to);
      await loadRuns(rows);
      await judgeHistory(db, ctx, rules, rows, runsOf, tally);
      await repository.setSimulationProgress(draft.id, { gotovo: index + 1, ukupno: days.length, pocela: new Date(started).toISOString() });
    }
  } finally {
    await repository.setSimulationProgress(draft.id, null);
  }
  const simulacija: Simulation = {
    od: period.od, do: period.do, izvrsena: new Date().toISOString(), trajanje: Date.now() - started,
    uzoraka: tally.samples, uzorakaPusteno: tally.samplesReleased, rezultata: tally.results, rezultataPusteno: tally.resultsReleased,
    poTestu: [...tally.perAssay.values()].sort((a, b) => a.sifra.localeCompare(b.sifra)),
    rizicni: tally.risks,
  };
  // Kept on the draft only while its content is what was simulated (an edit in between clears it).
  await repository.storeSimulationIfUnchanged(draft.id, draft.updatedAt, simulacija);
  return simulacija;
}

/** Judges the history rows of some samples (every result of each) by the draft's rules and adds them to the tally. */
async function judgeHistory(db: Db, ctx: RequestContext, rules: AutoverificationRules, rows: readonly HistoryRow[], runsOf: ControlRuns, tally: Tally): Promise<void> {
  const bySample = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const list = bySample.get(row.sample_id);
    if (list) list.push(row);
    else bySample.set(row.sample_id, [row]);
  }
  const byAnalyser = rows.filter((row) => row.unio_source !== null && !row.calculated).map((row) => row.test_id);
  const flags = new Map<string, string>();
  for (let index = 0; index < byAnalyser.length; index += FLAG_CHUNK) {
    for (const [test, flag] of await analyserFlags(db, ctx, byAnalyser.slice(index, index + FLAG_CHUNK))) flags.set(test, flag);
  }
  const facts = await patientFactsOfSamples(db, ctx.siteId, [...bySample.values()].map((tests) => {
    const first = tests[0]!;
    return { id: first.sample_id, patientId: first.patient_id, datum: instant(first.datum), trudnica: first.trudnica, menopauza: first.menopauza };
  }));

  tally.samples += bySample.size;
  for (const [sampleId, tests] of bySample) {
    const first = tests[0]!;
    const verifiedAt = instant(first.verified_at);
    const patient = facts.get(sampleId);
    if (!patient) continue;
    const judgedFacts: AutoverificationResultFacts[] = tests.map((row) => {
      const test = { labassayId: row.labassay_id, criticalLow: row.critical_low, criticalHigh: row.critical_high, jedinica: row.jedinica, referenca: row.referenca };
      const { flag } = judge(test, row.rezultat, new Map(), patient, true);
      const qc = qcAt(runsOf.get(row.labassay_id) ?? [], verifiedAt);
      let components: string[] | null = null;
      if (row.calculated) {
        try {
          components = row.formula ? formulaComponents(row.formula) : [];
        } catch {
          components = ['\u0000unreadable formula'];
        }
      }
      return {
        id: row.test_id, labassayId: row.labassay_id, sekcijaId: row.sekcija_id, sifra: row.sifra, rezultat: row.rezultat, flag,
        delta: deltaCheck(row.rezultat, row.previous === null ? null : { rezultat: row.previous, verifiedAt: instant(row.previous_at!).toISOString() },
          deltaLimitOf({ deltaKind: row.delta_kind, deltaLimit: row.delta_limit })),
        qcHeld: qc.held, lastPassingRunAt: qc.lastPassing, instrumentFlags: flags.get(row.test_id) ?? null, final: true, components,
      };
    });
    const verdicts = judgeSample(rules, { patient: patient.reference, komentar: first.komentar, now: verifiedAt, results: judgedFacts });
    const released = releaseOf(rules, verdicts);
    const releasedTests = new Set(verdicts.filter((verdict) => released.sample || released.sections.includes(verdict.sekcijaId)).map((verdict) => verdict.id));
    if (released.sample) tally.samplesReleased += 1;
    for (const row of tests) {
      const assay = tally.perAssay.get(row.labassay_id) ?? { labassay: row.labassay_id, sifra: row.sifra, naziv: row.naziv, rezultata: 0, pusteno: 0 };
      assay.rezultata += 1;
      tally.results += 1;
      if (releasedTests.has(row.test_id)) {
        assay.pusteno += 1;
        tally.resultsReleased += 1;
        if (row.changed_at !== null) {
          tally.risks.push({ sample: sampleId, code: row.code, sifra: row.sifra, rezultat: row.rezultat ?? '', vrsta: 'change', razlog: row.change_reason, kada: instant(row.changed_at).toISOString() });
        }
      }
      tally.perAssay.set(row.labassay_id, assay);
    }
    if (releasedTests.size > 0 && first.unverified_at !== null) {
      tally.risks.push({ sample: sampleId, code: first.code, sifra: '', rezultat: '', vrsta: 'unverify', razlog: first.unverify_reason, kada: instant(first.unverified_at).toISOString() });
    }
  }
}
