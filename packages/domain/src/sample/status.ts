/**
 * Sample status: ZAPRIMLJEN -> U OBRADI -> REALIZOVAN ->
 * ODOBREN -> VERIFICIRAN, with approval and verification undoable one step.
 */
export const SAMPLE_STATUSES = ['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

export function isSampleStatus(value: unknown): value is SampleStatus {
  return typeof value === 'string' && (SAMPLE_STATUSES as readonly string[]).includes(value);
}

/** How each status is drawn: colour role, and the gold marker of a verified sample. */
export const SAMPLE_STATUS_STYLE: Record<SampleStatus, { color: 'danger' | 'warning' | 'info' | 'primary'; gold: boolean }> = {
  ZAPRIMLJEN: { color: 'danger', gold: false },
  'U OBRADI': { color: 'warning', gold: false },
  REALIZOVAN: { color: 'info', gold: false },
  ODOBREN: { color: 'primary', gold: false },
  VERIFICIRAN: { color: 'primary', gold: true },
};

/**
 * The moves between statuses:
 * - receive:   the lab receives the tube (scan at /barcode) and starts work.
 * - complete:  every result is in.
 * - reopen:    a result is taken back for a retest.
 * - approve:   technical validation ('Approve results', check) of a complete
 *              sample: every test has its result (the check icon shows on every
 *              status before approval, and an incomplete sample is refused
 *              with its own message).
 * - unapprove: 'Remove approval' (undo).
 * - verify:    medical validation.
 * - unverify:  'Remove verification' (unlock).
 */
export const SAMPLE_TRANSITIONS = {
  receive: { from: ['ZAPRIMLJEN'], to: 'U OBRADI' },
  complete: { from: ['ZAPRIMLJEN', 'U OBRADI'], to: 'REALIZOVAN' },
  reopen: { from: ['REALIZOVAN'], to: 'U OBRADI' },
  approve: { from: ['REALIZOVAN'], to: 'ODOBREN' },
  unapprove: { from: ['ODOBREN'], to: 'REALIZOVAN' },
  verify: { from: ['ODOBREN'], to: 'VERIFICIRAN' },
  unverify: { from: ['VERIFICIRAN'], to: 'ODOBREN' },
} as const satisfies Record<string, { from: readonly SampleStatus[]; to: SampleStatus }>;
export type SampleTransition = keyof typeof SAMPLE_TRANSITIONS;

export function canTransition(status: SampleStatus, transition: SampleTransition): boolean {
  return (SAMPLE_TRANSITIONS[transition].from as readonly SampleStatus[]).includes(status);
}

/** The status after the move, or null when the move is not allowed from this status. */
export function nextStatus(status: SampleStatus, transition: SampleTransition): SampleStatus | null {
  return canTransition(status, transition) ? SAMPLE_TRANSITIONS[transition].to : null;
}

/** Approved or verified samples are read-only: no edits, comments or new results. */
export function isSampleLocked(status: SampleStatus): boolean {
  return status === 'ODOBREN' || status === 'VERIFICIRAN';
}

/** A sample is finished once verified; every earlier status counts as uncompleted (patient dialogs and counts). */
export function isSampleCompleted(status: SampleStatus): boolean {
  return status === 'VERIFICIRAN';
}

/** Every status before verification: the patient's uncompleted samples (dialog and count). */
export const UNCOMPLETED_STATUSES: readonly SampleStatus[] = SAMPLE_STATUSES.filter((status) => !isSampleCompleted(status));

/** Every status before approval: the samples the 'RADNA LISTA' (worklist) preset of the sample list shows. */
export const WORKLIST_STATUSES: readonly SampleStatus[] = SAMPLE_STATUSES.filter((status) => !isSampleLocked(status));

/** Samples in processing (/naljepnice): received at intake, or taken in by the lab and being worked on. */
export const PROCESSING_STATUSES: readonly SampleStatus[] = ['ZAPRIMLJEN', 'U OBRADI'];

/** Catalogue key of a status's label: the status with its space replaced (`status.U_OBRADI`), as i18next keys carry no spaces. */
export type SampleStatusLabelKey = `status.${'ZAPRIMLJEN' | 'U_OBRADI' | 'REALIZOVAN' | 'ODOBREN' | 'VERIFICIRAN'}`;

export function sampleStatusLabelKey(status: SampleStatus): SampleStatusLabelKey {
  return status === 'U OBRADI' ? 'status.U_OBRADI' : `status.${status}`;
}
