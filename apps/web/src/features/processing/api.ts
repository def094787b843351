/**
 * The calls of the processing screens. Row and answer types are those of the
 * contracts in @lis/domain (results/processing-contracts.ts), the schemas the
 * server validates and serialises with.
 */
import { type CalendarDate, type ProcessingListRow, toIsoDate } from '@lis/domain';
import { api } from '../../api/client.ts';
import { siteToday } from '../../lib/date-time.ts';

/** A row of GET /api/obrada/list and GET /api/protokol/list. */
export type ProcessingRow = ProcessingListRow;

export const PROCESSING_LIST_URL = '/obrada/list';
export const PROTOCOL_LIST_URL = '/protokol/list';

/** POST /api/uzorci/delete: only while ZAPRIMLJEN (the server refuses otherwise); the sample's results go with it. */
export async function deleteSample(id: string, email: string): Promise<void> {
  await api.post('/uzorci/delete', { id, email });
}

/** POST /api/uzorci/hitan: sets (true) or clears (false) the urgent star. */
export async function setUrgent(id: string, hitan: boolean): Promise<void> {
  await api.post('/uzorci/hitan', { id, hitan });
}

/**
 * The result entry route of a row: the patient, the sample, and as `date` the
 * day the sample was registered at the site (YYYY-MM-DD), whose other samples
 * of the patient the result screen offers to save with it.
 */
export function resultEntryPathOf(row: Pick<ProcessingRow, 'pid' | '_id' | 'created_at'>): string {
  const day: CalendarDate = siteToday(new Date(row.created_at));
  return `/obrada/rezultati/${encodeURIComponent(row.pid)}/${encodeURIComponent(row._id)}?date=${toIsoDate(day)}`;
}
