import { randomUUID } from 'node:crypto';
import { type ControlPoint, DEFAULT_WESTGARD_RULES, LONGEST_RULE, addDays, judgeRun, toIsoDate, zScore } from '@lis/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { jsonText, unnestRows } from '../../unnest.ts';
import { labAssays, qcControls, qcCorrectiveActions, qcResults, qcTargets } from '../../schema.ts';
import { levelStatus } from '../../../modules/qc/entry.ts';
import { recentPerLevel } from '../../../modules/qc/rejudgement.ts';
import { DEMO_SITE, type HistoryContext, SPECIALIST, TECHNICIAN, demoRandom, siteDay, siteTime } from './context.ts';

// Two months of daily control runs of the common chemistry assays on two control lots at the demo site, judged
// by the same Westgard rules (@lis/domain judgeRun, the classic multirule an assay without rules of its own is
// judged by) as an entry is, so the stored verdicts are what the chart and the list compute. Two runs are
// rejected on purpose (a 1-3s and a 2-2s) and each has its corrective action; every other run is drawn until
// the rules accept it, so the only rejections are those two and nothing stays held.

/** Days of runs before the seed's day (and the seed's day's, when its morning run time has passed). */
export const QC_DAYS = 60;

interface LevelTarget { mean: number; sd: number }
interface DemoAssay { sifra: string; decimals: number; levels: Record<'A' | 'B', [LevelTarget, LevelTarget]> }

const ASSAYS: DemoAssay[] = [
  { sifra: 'GLU', decimals: 2, levels: { A: [{ mean: 5.52, sd: 0.14 }, { mean: 15.8, sd: 0.38 }], B: [{ mean: 4.96, sd: 0.13 }, { mean: 17.2, sd: 0.41 }] } },
  { sifra: 'CHOL', decimals: 2, levels: { A: [{ mean: 4.12, sd: 0.1 }, { mean: 7.21, sd: 0.17 }], B: [{ mean: 3.74, sd: 0.09 }, { mean: 6.65, sd: 0.16 }] } },
  { sifra: 'K', decimals: 2, levels: { A: [{ mean: 4.02, sd: 0.08 }, { mean: 6.31, sd: 0.12 }], B: [{ mean: 3.58, sd: 0.07 }, { mean: 6.92, sd: 0.13 }] } },
  { sifra: 'NA', decimals: 1, levels: { A: [{ mean: 137.6, sd: 1.5 }, { mean: 154.8, sd: 1.8 }], B: [{ mean: 128.4, sd: 1.4 }, { mean: 149.9, sd: 1.7 }] } },
  { sifra: 'KREA', decimals: 0, levels: { A: [{ mean: 92, sd: 3.1 }, { mean: 482, sd: 12.5 }], B: [{ mean: 105, sd: 3.4 }, { mean: 598, sd: 15.2 }] } },
  { sifra: 'ALT', decimals: 0, levels: { A: [{ mean: 38, sd: 1.9 }, { mean: 164, sd: 6.2 }], B: [{ mean: 45, sd: 2.1 }, { mean: 187, sd: 7.1 }] } },
];

const LOTS = [
  { key: 'A', kontrola: 'Lyphochek Assayed Chemistry', proizvodjac: 'Bio-Rad', lot: '26450', daysValid: 270 },
  { key: 'B', kontrola: 'Multichem S Plus', proizvodjac: 'Technopath', lot: 'MS-24117', daysValid: 150 },
] as const;

/** The two planned rejections: which lot, assay and day, the levels' z-scores, and what was done about it. */
export const QC_REJECTIONS = [
  {
    lot: 'A', sifra: 'GLU', daysAgo: 24, z: [3.4, 0.6], rule: '1-3s',
    opis: 'Reagens glukoze zamijenjen (otvorena boca stajala 30 dana), kalibracija ponovljena; kontrola u granicama.',
  },
  {
    lot: 'A', sifra: 'K', daysAgo: 17, z: [2.3, 2.6], rule: '2-2s',
    opis: 'ISE elektroda kalija očišćena i kalibrirana; ponovljena kontrola oba nivoa u granicama, uzorci od 07:30 ponovljeni.',
  },
] as const;

/** A 1-2s warning the rules let pass: one level just beyond 2 SD, the run accepted with a warning. */
const WARNINGS = [{ lot: 'A', sifra: 'NA', daysAgo: 25, z: [0.4, -2.2] }, { lot: 'B', sifra: 'CHOL', daysAgo: 9, z: [2.15, 0.9] }] as const;

interface ResultRow {
  controlId: string; labassayId: string; serija: string; nivo: number; unos: string; vrijednost: number; izmjereno: Date;
  mean: number; sd: number; z: number; status: string; pravila: string[]; komentar: string; unioBy: string;
}

export async function seedDemoQc(db: Db, context: HistoryContext): Promise<void> {
  const site = context.sites.get(DEMO_SITE);
  const technician = context.users.get(TECHNICIAN);
  const specialist = context.users.get(SPECIALIST);
  if (!site || !technician || !specialist) return;
  const assayRows = await db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays).where(inArray(labAssays.sifra, ASSAYS.map((assay) => assay.sifra)));
  const assayId = new Map(assayRows.map((row) => [row.sifra, row.id]));
  const assays = ASSAYS.filter((assay) => assayId.has(assay.sifra));
  if (assays.length === 0) return;

  const today = siteDay(context, site.timeZone, 0);
  const created = siteTime(context, site.timeZone, QC_DAYS + 2, 9 * 60);
  const controls = await db.insert(qcControls).values(LOTS.map((lot) => ({
    siteId: site.id, kontrola: lot.kontrola, proizvodjac: lot.proizvodjac, lot: lot.lot, mod: 'Multi' as const,
    rokTrajanja: toIsoDate(addDays(today, lot.daysValid)),
    createdAt: created, updatedAt: created,
  }))).returning({ id: qcControls.id, lot: qcControls.lot });
  const controlOf = new Map(LOTS.map((lot) => [lot.key, controls.find((row) => row.lot === lot.lot)!.id]));

  await db.insert(qcTargets).values(LOTS.flatMap((lot) => assays.flatMap((assay) => assay.levels[lot.key].map((level, index) => ({
    controlId: controlOf.get(lot.key)!, labassayId: assayId.get(assay.sifra)!, nivo: index + 1, mean: level.mean, sd: level.sd, izvor: 'proizvodjac',
  })))));

  const random = demoRandom(20_240_611);
  const rows: ResultRow[] = [];
  const corrective: { labassayId: string; serija: string; opis: string; createdAt: Date }[] = [];
  for (const [lotIndex, lot] of LOTS.entries()) {
    for (const [assayIndex, assay] of assays.entries()) {
      const history: ControlPoint[] = [];
      const labassayId = assayId.get(assay.sifra)!;
      for (let daysAgo = QC_DAYS; daysAgo >= 0; daysAgo -= 1) {
        const serija = randomUUID();
        const izmjereno = siteTime(context, site.timeZone, daysAgo, 7 * 60 + 20 + lotIndex * 25 + assayIndex * 3);
        // Today's runs only once their morning time has passed: the demo never holds a run from the future.
        if (izmjereno > context.now) continue;
        const planned = QC_REJECTIONS.find((entry) => entry.lot === lot.key && entry.sifra === assay.sifra && entry.daysAgo === daysAgo)
          ?? WARNINGS.find((entry) => entry.lot === lot.key && entry.sifra === assay.sifra && entry.daysAgo === daysAgo);
        // A routine run: drawn until the rules accept it (a lab's stable method), the last try close to the mean.
        let placed = levelsAt(assay, lot.key, planned ? [...planned.z] : drawn(random));
        let judgement = judgeRun(recentPerLevel(history, LONGEST_RULE), pointsOf(serija, placed), DEFAULT_WESTGARD_RULES);
        for (let attempt = 0; !planned && judgement.status !== 'prihvacen'; attempt += 1) {
          placed = levelsAt(assay, lot.key, attempt < 8 ? drawn(random) : [0.3 * (attempt % 2 ? 1 : -1), -0.2 * (attempt % 2 ? 1 : -1)]);
          judgement = judgeRun(recentPerLevel(history, LONGEST_RULE), pointsOf(serija, placed), DEFAULT_WESTGARD_RULES);
        }
        const action = planned && 'opis' in planned ? planned.opis : null;
        for (const point of placed) {
          const verdict = levelStatus(point.nivo, judgement.violations);
          rows.push({
            controlId: controlOf.get(lot.key)!, labassayId, serija, nivo: point.nivo, unos: point.unos, vrijednost: point.value, izmjereno,
            mean: point.mean, sd: point.sd, z: point.z, ...verdict, komentar: verdict.status === 'odbijen' && action ? `Korektivna mjera: ${action}` : '',
            unioBy: technician,
          });
        }
        if (judgement.status === 'odbijen') {
          corrective.push({ labassayId, serija, opis: action ?? 'Kontrola ponovljena u granicama.', createdAt: new Date(izmjereno.getTime() + 45 * 60_000) });
        }
        history.push(...pointsOf(serija, placed));
      }
    }
  }

  await db.execute(sql`
    insert into ${qcResults} (site_id, control_id, labassay_id, serija, nivo, unos, vrijednost, izmjereno, mean, sd, z, status, pravila, komentar, unio_by, izvor, created_at)
    select ${site.id}::uuid, v.control_id, v.labassay_id, v.serija, v.nivo, v.unos, v.vrijednost::float8, v.izmjereno, v.mean::float8, v.sd::float8, v.z::float8,
      v.status, v.pravila, v.komentar, v.unio_by, 'rucno', v.izmjereno
    from ${unnestRows(rows, [
      ['uuid', (row) => row.controlId], ['uuid', (row) => row.labassayId], ['uuid', (row) => row.serija], ['integer', (row) => row.nivo],
      ['text', (row) => row.unos], ['numeric', (row) => row.vrijednost], ['timestamptz', (row) => row.izmjereno.toISOString()],
      ['numeric', (row) => row.mean], ['numeric', (row) => row.sd], ['numeric', (row) => row.z], ['text', (row) => row.status],
      ['jsonb', (row) => jsonText(row.pravila)], ['text', (row) => row.komentar], ['uuid', (row) => row.unioBy],
    ])} as v(control_id, labassay_id, serija, nivo, unos, vrijednost, izmjereno, mean, sd, z, status, pravila, komentar, unio_by)`);
  if (corrective.length > 0) {
    await db.insert(qcCorrectiveActions).values(corrective.map((action) => ({ siteId: site.id, userId: specialist, ...action })));
  }
}

interface PlacedLevel { nivo: number; value: number; unos: string; mean: number; sd: number; z: number }

function drawn(random: ReturnType<typeof demoRandom>): number[] {
  return [0, 1].map(() => Math.max(-1.9, Math.min(1.9, random.normal() * 0.8)));
}

/** The levels' values at these z-scores, rounded as the analyser reports them and typed with the site's decimal comma; the z-score is then the rounded value's. */
function levelsAt(assay: DemoAssay, lot: 'A' | 'B', z: readonly number[]): PlacedLevel[] {
  return assay.levels[lot].map((target, index) => {
    const value = Number((target.mean + (z[index] ?? 0) * target.sd).toFixed(assay.decimals));
    return { nivo: index + 1, value, unos: value.toFixed(assay.decimals).replace('.', ','), mean: target.mean, sd: target.sd, z: zScore(value, target.mean, target.sd) };
  });
}

function pointsOf(serija: string, placed: readonly PlacedLevel[]): ControlPoint[] {
  return placed.map((point) => ({ run: serija, level: point.nivo, z: point.z }));
}
