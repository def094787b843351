/**
 * The calls of the processing screens. Row and answer types are those of the
 * contracts in @lis/domain (results/processing-contracts.ts), the schemas the
 * server validates and serialises with.
 */
import type { ProcessingListRow } from '@lis/domain';
import { call } from '../../api/client.ts';
import { sampleContracts, processingContracts } from '@lis/domain';

/** A row of GET /api/obrada/list and GET /api/protokol/list. */
export type ProcessingRow = ProcessingListRow;

export const PROCESSING_LIST = processingContracts.list;
export const PROTOCOL_LIST = processingContracts.protocol;

/** POST /api/uzorci/delete: only while ZAPRIMLJEN (the server refuses otherwise); the sample's results go with it. */
export async function deleteSample(id: string, email: string): Promise<void> {
  await call(sampleContracts.delete, { body: { id, email } });
}

/** POST /api/uzorci/hitan: sets (true) or clears (false) the urgent star. */
export async function setUrgent(id: string, hitan: boolean): Promise<void> {
  await call(sampleContracts.urgent, { body: { id, hitan } });
}
