import { isSampleLocked, type SampleStatus } from './status.ts';

/** Row actions of a sample whose availability depends on its status. */
export const SAMPLE_ACTIONS = [
  'delete', 'comment', 'note', 'sender', 'barcode', 'save', 'retest', 'check', 'undo', 'verify', 'unlock', 'pdf', 'edit', 'erase',
] as const;
export type SampleAction = (typeof SAMPLE_ACTIONS)[number];

export interface SampleActionContext {
  status: SampleStatus;
  pdf_exists?: boolean;
  /** A negative or positive (qualitative) result is recorded: the erase icon can reset it. */
  hasQualitativeResult?: boolean;
}

/**
 * What a person may do with a sample in its status:
 * - delete only while ZAPRIMLJEN;
 * - comment, patient note, patient sender, barcode label, save results (or
 *   save a retest), approve (check) and editing while not ODOBREN/VERIFICIRAN;
 * - remove approval (undo) and verify while ODOBREN;
 * - remove verification (unlock) and the report PDF while VERIFICIRAN
 *   (the PDF only when it exists);
 * - erase a negative/positive result of a ZAPRIMLJEN sample.
 * Printing the label from the sample panel (not the row action) works in
 * every status, so the label calls of the server never check the status.
 */
export function allowedSampleActions(context: SampleActionContext): Set<SampleAction> {
  const { status } = context;
  const actions = new Set<SampleAction>();
  if (status === 'ZAPRIMLJEN') actions.add('delete');
  if (!isSampleLocked(status)) {
    for (const action of ['comment', 'note', 'sender', 'barcode', 'save', 'retest', 'check', 'edit'] as const) actions.add(action);
  }
  if (status === 'ODOBREN') {
    actions.add('undo');
    actions.add('verify');
  }
  if (status === 'VERIFICIRAN') {
    actions.add('unlock');
    if (context.pdf_exists) actions.add('pdf');
  }
  if (status === 'ZAPRIMLJEN' && context.hasQualitativeResult) actions.add('erase');
  return actions;
}

export function isSampleActionAllowed(action: SampleAction, context: SampleActionContext): boolean {
  return allowedSampleActions(context).has(action);
}

