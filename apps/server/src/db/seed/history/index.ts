import type { Db } from '../../client.ts';
import type { HistoryContext } from './context.ts';
import { seedDemoInventory } from './inventory.ts';
import { seedDemoLogger } from './logger.ts';
import { seedDemoMicrobiology } from './microbiology.ts';
import { seedDemoQc } from './qc.ts';
import { seedDemoSamples } from './samples.ts';
import { DEMO_SITE, SPECIALIST } from './context.ts';
import { seedDemoAutoverification } from '../../../modules/autoverification/demo-rules.ts';
import { seedDemoReflexRule } from '../../../modules/reflex/service.ts';

export type { HistoryContext } from './context.ts';

/**
 * The demo's history, so a new user's first look at each module shows it at work: two months of control runs
 * (with a 1-3s and a 2-2s rejection and their corrective actions), a week of refrigerator readings with one
 * acknowledged alarm, stock near expiry and below its level with orders in every state, a year of verified
 * cultures with antibiograms (interpreted against the microbiology reference data, when it was imported first), and three weeks of
 * routine samples with judged results on both sites for the statistics, and an active autoverification rule set for
 * the biochemistry at SA (modules/autoverification/demo-rules.ts). Each table is written
 * in one statement (generate_series or unnest), so the first start stays quick. Dates are relative to the seed,
 * days in the site's time zone.
 */
export async function seedDemoHistory(db: Db, context: HistoryContext, options: { autoverification?: boolean } = {}): Promise<void> {
  await seedDemoQc(db, context);
  await seedDemoLogger(db, context);
  await seedDemoInventory(db, context);
  await seedDemoMicrobiology(db, context);
  await seedDemoSamples(db, context);
  // After the history's samples (written directly, verified by people): from here on the rules release normal results at SA.
  const site = context.sites.get(DEMO_SITE);
  if (site) await seedDemoAutoverification(db, site.id, context.users.get(SPECIALIST), context.now, options.autoverification ?? true);
  // The demo's reflex rule at SA: a TSH above its range adds FT4 (free of charge), so a new user sees reflex testing at once.
  if (site) await seedDemoReflexRule(db, site.id, context.users.get(SPECIALIST) ?? null);
}
