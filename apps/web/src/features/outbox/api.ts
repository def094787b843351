/**
 * The calls of the outbox screens. Row and answer types are those of the
 * contracts in @lis/domain (outbox/contracts.ts), the schemas the server
 * validates and serialises with.
 */
import type { GroupMailAnswer, OrdererRow, OrderersAnswer, OutboxListRow, OutboxShowAnswer, OutboxStatus } from '@lis/domain';
import { api } from '../../api/client.ts';

export type OutboxRow = OutboxListRow;
export const OUTBOX_LIST_URL = '/outbox/list';

export const outboxKeys = {
  message: (id: string) => ['outbox', 'message', id] as const,
  orderers: (from: string, to: string) => ['outbox', 'orderers', from, to] as const,
};

export function fetchMessage(id: string, signal?: AbortSignal): Promise<OutboxShowAnswer> {
  return api.get<OutboxShowAnswer>(`/outbox/${encodeURIComponent(id)}`, {}, { signal });
}

/** POST /api/outbox/resend: due again now. */
export async function resendMessage(id: string): Promise<void> {
  await api.post('/outbox/resend', { id });
}

/** POST /api/outbox/delete with the spec's payload; `status` is what the screen showed, so a message that moved on is not removed blindly. */
export async function deleteMessage(row: { _id: string; idNalaza: string | null; status: OutboxStatus }, email: string): Promise<void> {
  await api.post('/outbox/delete', { email, status: row.status, idNalaza: row.idNalaza ?? '', eNalaz: row._id, flag: true });
}

export async function fetchOrderers(from: string, to: string, signal?: AbortSignal): Promise<OrdererRow[]> {
  return (await api.get<OrderersAnswer>('/narucioci/list', { dateRangeMin: from, dateRangeMax: to }, { signal })).narucioci;
}

export async function saveOrdererEmail(naziv: string, email: string): Promise<void> {
  await api.post('/narucioci/email', { vrsta: 'lokacija', naziv, email });
}

export async function startGroupMail(from: string, to: string): Promise<GroupMailAnswer['job']> {
  return (await api.post<GroupMailAnswer>('/narucioci/send', { dateRangeMin: from, dateRangeMax: to })).job;
}

export async function groupMailJob(id: string): Promise<GroupMailAnswer['job']> {
  return (await api.get<GroupMailAnswer>(`/narucioci/send/${encodeURIComponent(id)}`)).job;
}
