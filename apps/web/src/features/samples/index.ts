/**
 * What other features may use of samples: the sample edit dialog, the call
 * that shows one sample, the sample list's address and row type, the urgent
 * star, the doctors and referring locations sample entry chooses from (the
 * patient's referring location offers the same), and the words of a patient's age (keys `samples.<key>`). The
 * sample entry screen is loaded by app/routes.tsx on its own, so it is not
 * exported here (code splitting).
 */
export { SampleEditDialog } from './SampleEditDialog.tsx';
export { SAMPLE_LIST, type SampleRow, showSample } from './api.ts';
export { choicesWith, useReferralChoices } from './referral-choices.ts';
export { UrgentStar } from './UrgentStar.tsx';
export { type AgeText, ageText } from './format.ts';
