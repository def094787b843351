import { type AutoverificationRules, MAX_AGE_DAYS, autoverificationRulesSchema, isSpol } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { autoverificationRepository, demoAssayRanges } from './repository.ts';

/** The biochemistry assays the demo's rule set releases. */
export const DEMO_AUTOVERIFIED = ['GLU', 'CHOL', 'HDL', 'TG', 'LDL', 'KREA', 'UREA', 'ALT', 'AST', 'GGT', 'NA', 'K', 'CL'] as const;

/**
 * The demo's active rule set at a site (the started demo's history only: the server tests' database leaves it out):
 * one rule per biochemistry assay, its autoverification limits equal to its reference ranges (per sex and age, the
 * pregnancy-specific ones left out), every condition on except QC: the demo's control runs are measured at seed
 * time and grow older than any window while the demo runs, so the demo set leaves the QC condition off and says so
 * in its name. The kill switch is on (unless the caller says otherwise: the e2e servers start with it off), so a normal result entered by hand is verified by the rules at once.
 */
export async function seedDemoAutoverification(db: Db, siteId: string, activatedBy: string | undefined, now: Date, switchedOn = true): Promise<void> {
  const { assays, ranges } = await demoAssayRanges(db, DEMO_AUTOVERIFIED);
  const pravila: AutoverificationRules = autoverificationRulesSchema.parse({
    perSection: false,
    rules: assays.map((assay) => ({
      labassay: assay.id,
      conditions: {
        limits: {
          limits: ranges.filter((range) => range.labassayId === assay.id).map((range) => ({
            spol: isSpol(range.spol) ? range.spol : null, ageMinDays: range.ageMinDays, ageMaxDays: Math.min(range.ageMaxDays, MAX_AGE_DAYS),
            low: range.low === null ? null : Number(range.low), high: range.high === null ? null : Number(range.high),
          })),
        },
        qc: { on: false },
      },
    })),
  });
  await autoverificationRepository(db, siteId).insertDemo('Biohemija (demo, bez QC uslova)', pravila, activatedBy ?? null, now, switchedOn);
}
