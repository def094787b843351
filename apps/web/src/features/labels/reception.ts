/**
 * What /barcode remembers: the scans of this browser session at this site,
 * newest first, and how a scan's outcome is read from the reception call.
 * Pure apart from sessionStorage; tested in reception.test.ts.
 */
import type { SampleReceptionAnswer, SampleStatus } from '@lis/domain';
import { ApiError } from '../../api/client.ts';

export type ScanOutcome = 'pending' | 'received' | 'already' | 'notFound' | 'failed';

export interface ScanEntry {
  /** Unique within the history (a code can be scanned twice). */
  key: string;
  code: string;
  /** ISO instant of the scan. */
  at: string;
  outcome: ScanOutcome;
  /** The server's message for a failure that is not 'not found'. */
  message?: string;
  sample?: { _id: string; code: string; status: SampleStatus; pid: string };
  patient?: { ime: string; prezime: string; jmbg: string };
  tests?: string[];
}

/** How many scans the history keeps. */
export const HISTORY_LIMIT = 50;
const PREFIX = 'lis.reception:';

/** The answer of POST /api/uzorci/prijem (the domain's contract). */
export type ReceptionAnswer = SampleReceptionAnswer;

/** A scanner may add spaces or a carriage return; the code is what is between them. */
export function normaliseScan(text: string): string {
  return text.replace(/\s+/g, '');
}

export function outcomeOfAnswer(answer: ReceptionAnswer): ScanOutcome {
  return answer.received ? 'received' : 'already';
}

/** A 404 means no sample with that code at this site: unknown, or another site's (the server does not tell them apart). */
export function outcomeOfError(error: unknown): { outcome: ScanOutcome; message?: string } {
  if (error instanceof ApiError && error.status === 404) return { outcome: 'notFound' };
  return { outcome: 'failed', message: error instanceof Error ? error.message : undefined };
}

export function addScan(history: readonly ScanEntry[], entry: ScanEntry): ScanEntry[] {
  return [entry, ...history].slice(0, HISTORY_LIMIT);
}

export function updateScan(history: readonly ScanEntry[], key: string, change: Partial<ScanEntry>): ScanEntry[] {
  return history.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));
}

function isScanEntry(value: unknown): value is ScanEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<ScanEntry>;
  return typeof entry.key === 'string' && typeof entry.code === 'string' && typeof entry.at === 'string' && typeof entry.outcome === 'string';
}

/** The scans of this session at this site; a scan still pending when the page was left counts as failed (its answer never came). */
export function readHistory(siteId: string): ScanEntry[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(PREFIX + siteId) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isScanEntry).slice(0, HISTORY_LIMIT)
      .map((entry) => (entry.outcome === 'pending' ? { ...entry, outcome: 'failed' } : entry));
  } catch {
    return [];
  }
}

export function writeHistory(siteId: string, history: readonly ScanEntry[]): void {
  try {
    if (history.length === 0) sessionStorage.removeItem(PREFIX + siteId);
    else sessionStorage.setItem(PREFIX + siteId, JSON.stringify(history));
  } catch {
    // Storage full or blocked: the history then lasts as long as the screen.
  }
}
