/**
 * Every screen's text, registered with i18next when the app starts (main.tsx,
 * and the test setup): the core catalogue of i18n/ (shell, shared components)
 * joined with each feature's own catalogue (features/<name>/messages.ts).
 *
 * This is the one place that knows every feature's messages, so that i18n/,
 * lib/ and components/ import no feature. A new feature adds its catalogue to
 * FEATURE_MESSAGES; its keys are then typed (app/i18next.d.ts) and checked
 * in every language by i18n/i18n.test.ts.
 */
import type { Language } from '@lis/domain';
import { CORE_CATALOGUES, i18n } from '../i18n/index.ts';
import { patientMessages } from '../features/patients/messages.ts';
import { symptomMessages } from '../features/patients/symptom-messages.ts';
import { sampleMessages } from '../features/samples/messages.ts';
import { labelMessages } from '../features/labels/messages.ts';
import { chatMessages } from '../features/chat/messages.ts';
import { processingMessages } from '../features/processing/messages.ts';
import { nalaziMessages } from '../features/nalazi/messages.ts';
import { evaluationMessages } from '../features/evaluation/messages.ts';
import { resultMessages } from '../features/results/messages.ts';
import { catalogueMessages } from '../features/catalogue/messages.ts';
import { panelMessages } from '../features/catalogue/panel-messages.ts';
import { settingsMessages } from '../features/postavke/messages.ts';
import { invoiceMessages } from '../features/invoice/messages.ts';
import { reportMessages } from '../features/izvjestaji/messages.ts';
import { outboxMessages } from '../features/outbox/messages.ts';
import { loggerMessages } from '../features/logger/messages.ts';
import { inventoryMessages } from '../features/inventory/messages.ts';
import { qcMessages } from '../features/qc/messages.ts';
import { partnerMessages } from '../features/partners/messages.ts';
import { importMessages } from '../features/import/messages.ts';
import { integrationMessages } from '../features/integration/messages.ts';
import { statisticsMessages } from '../features/statistics/messages.ts';
import { microbiologyMessages } from '../features/microbiology/messages.ts';
import { surveillanceMessages } from '../features/microbiology/surveillance/messages.ts';
import { autoverificationMessages } from '../features/autoverification/messages.ts';
import { reflexMessages } from '../features/reflex/messages.ts';
import { provjeraMessages } from '../features/provjera/messages.ts';
import { portalMessages } from '../features/portal/messages.ts';
import { signingMessages } from '../features/postavke/signing-messages.ts';

/** Each feature's catalogue under its key group (`t('qc.mean')`). */
const FEATURE_MESSAGES = {
  patients: patientMessages,
  symptoms: symptomMessages,
  samples: sampleMessages,
  labels: labelMessages,
  processing: processingMessages,
  nalazi: nalaziMessages,
  provjera: provjeraMessages,
  portal: portalMessages,
  potpis: signingMessages,
  evaluation: evaluationMessages,
  results: resultMessages,
  catalogue: catalogueMessages,
  panels: panelMessages,
  postavke: settingsMessages,
  invoice: invoiceMessages,
  izvjestaji: reportMessages,
  outbox: outboxMessages,
  logger: loggerMessages,
  inventory: inventoryMessages,
  qc: qcMessages,
  partners: partnerMessages,
  import: importMessages,
  integration: integrationMessages,
  statistics: statisticsMessages,
  autoverification: autoverificationMessages,
  reflex: reflexMessages,
  chat: chatMessages,
  microbiology: microbiologyMessages,
  microSurveillance: surveillanceMessages,
} as const;

type FeatureCatalogue = { [Group in keyof typeof FEATURE_MESSAGES]: (typeof FEATURE_MESSAGES)[Group]['bs'] };

/** The shape every language's whole catalogue has: the core keys and every feature's, each with a string. */
export type Catalogue = (typeof CORE_CATALOGUES)['bs'] & FeatureCatalogue;

function catalogueIn(language: Language): Catalogue {
  const features = Object.fromEntries(
    Object.entries(FEATURE_MESSAGES).map(([group, messages]) => [group, messages[language]]),
  ) as FeatureCatalogue;
  return { ...CORE_CATALOGUES[language], ...features };
}

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { bs: catalogueIn('bs'), en: catalogueIn('en'), de: catalogueIn('de') };

for (const language of ['bs', 'en', 'de'] as const) {
  i18n.addResourceBundle(language, 'translation', CATALOGUES[language], true, true);
}
