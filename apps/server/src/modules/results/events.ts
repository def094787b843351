import { type SampleStatus, nextStatus } from '@lis/domain';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { resultsChainPorts } from './ports.ts';

// A sample's realtime events, as the web's notification lists take them: 'result:completed' (every test of
// the sample has its result; it waits for approval), 'result:approved' (approved; it waits for medical
// verification) and 'result:critical' (a result was saved beyond a critical limit: `kriticno` names each
// test, value and unit, so the bell says why without opening the sample). Each goes to the sample's site room as `{ id: <sample id>, info: "<code> <PREZIME> <IME>" }`
// (the hub adds `site`), and only once the transaction that moved the sample has committed, so no one is
// told of a change that was rolled back.

/**
 * 'result:progressed' is the one event sent to no one: results of a sample that is not complete yet were entered,
 * and the autoverification (the chain's resultsProgressed port) may release the sections that passed.
 */
export type SampleEventName = 'result:completed' | 'result:approved' | 'result:critical' | 'result:progressed';

/** A result saved beyond a critical limit, as 'result:critical' names it. */
export interface CriticalValue {
  naziv: string;
  /** The test's English and German names, so the bell names it in its reader's language; blank: none. */
  naziv_en: string;
  naziv_de: string;
  rezultat: string;
  jedinica: string;
  flag: 'LL' | 'HH';
}

export interface SampleEvent {
  name: SampleEventName;
  /** The sample's id. */
  id: string;
  /** The sample's code and the patient's name. */
  info: string;
  /** 'result:critical' only: the critical results the save stored. */
  kriticno?: CriticalValue[];
}

/** What an event says of the sample: its id and code, and whose it is. */
export interface EventSample {
  id: string;
  code: string;
  patient: { ime: string; prezime: string };
}

export function sampleEvent(name: SampleEventName, sample: EventSample): SampleEvent {
  return { name, id: sample.id, info: `${sample.code} ${sample.patient.prezime} ${sample.patient.ime}` };
}

/** 'result:critical' for the critical results a save stored, or null when it stored none. */
export function criticalEvent(sample: EventSample, values: readonly CriticalValue[]): SampleEvent | null {
  return values.length === 0 ? null : { ...sampleEvent('result:critical', sample), kriticno: [...values] };
}

/**
 * 'result:completed' when a move is the status machine's 'complete' (ZAPRIMLJEN or U OBRADI -> REALIZOVAN:
 * the last result is in), whichever call made it: a results save that fills the last result, a sample edit
 * that removes the last test still waiting or adds a calculated test its components already answer. Taking
 * an approval back (ODOBREN -> REALIZOVAN) is no completion: the results were complete and announced before.
 */
export function completionEvent(sample: EventSample, from: SampleStatus, to: SampleStatus): SampleEvent | null {
  return nextStatus(from, 'complete') === to ? sampleEvent('result:completed', sample) : null;
}

/**
 * Sends the events to the site's room; call it after the transaction that caused them has committed. The samples
 * a 'result:completed' names are handed to the chain's resultsCompleted port (the autoverification), whichever
 * call completed them: a person's save, an analyser's message, a sample edit; those a 'result:progressed' names
 * to its resultsProgressed port.
 */
export function announce(realtime: RealtimeHub | undefined, siteId: string, events: readonly (SampleEvent | null)[]): void {
  for (const event of events) {
    if (event && event.name !== 'result:progressed') {
      realtime?.emitToSite(siteId, event.name, { id: event.id, info: event.info, ...(event.kriticno ? { kriticno: event.kriticno } : {}) });
    }
  }
  const named = (name: SampleEventName) => events.flatMap((event) => (event?.name === name ? [event.id] : []));
  const completed = named('result:completed');
  if (completed.length > 0) resultsChainPorts().resultsCompleted(siteId, completed);
  const progressed = named('result:progressed');
  if (progressed.length > 0) resultsChainPorts().resultsProgressed(siteId, progressed);
}
