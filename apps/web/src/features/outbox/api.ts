/**
 * The calls of the outbox screens. Row and answer types are those of the
 * contracts in @lis/domain (outbox/contracts.ts), the schemas the server
 * validates and serialises with.
 */
import type { GroupMailAnswer, Hl7ListRow, Hl7ShowAnswer, OrdererRow, OutboxListRow, OutboxShowAnswer, OutboxStatus } from '@lis/domain';
import { call } from '../../api/client.ts';
import { hl7Contracts, outboxContracts } from '@lis/domain';

export type OutboxRow = OutboxListRow;
export const OUTBOX_LIST = outboxContracts.list;

export const outboxKeys = {
  message: (id: string) => ['outbox', 'message', id] as const,
  orderers: (from: string, to: string) => ['outbox', 'orderers', from, to] as const,
};

export function fetchMessage(id: string, signal?: AbortSignal): Promise<OutboxShowAnswer> {
  return call(outboxContracts.show, { params: { id } }, { signal });
}

/** POST /api/outbox/resend: due again now. */
export async function resendMessage(id: string): Promise<void> {
  await call(outboxContracts.resend, { body: { id } });
}

/** POST /api/outbox/delete with the spec's payload; `status` is what the screen showed, so a message that moved on is not removed blindly. */
export async function deleteMessage(row: { _id: string; idNalaza: string | null; status: OutboxStatus }, email: string): Promise<void> {
  await call(outboxContracts.delete, { body: { email, status: row.status, idNalaza: row.idNalaza ?? '', eNalaz: row._id, flag: true } });
}

export async function fetchOrderers(from: string, to: string, signal?: AbortSignal): Promise<OrdererRow[]> {
  return (await call(outboxContracts.orderers, { query: { dateRangeMin: from, dateRangeMax: to } }, { signal })).narucioci;
}

export async function saveOrdererEmail(naziv: string, email: string): Promise<void> {
  await call(outboxContracts.ordererEmail, { body: { vrsta: 'lokacija', naziv, email } });
}

export async function startGroupMail(from: string, to: string): Promise<GroupMailAnswer['job']> {
  return (await call(outboxContracts.groupMail, { body: { dateRangeMin: from, dateRangeMax: to } })).job;
}

export async function groupMailJob(id: string): Promise<GroupMailAnswer['job']> {
  return (await call(outboxContracts.groupMailJob, { params: { id } })).job;
}

// The HL7 outbound queue (/nalazi/hl7): the contracts of outbox/hl7-contracts.ts.
export type Hl7Row = Hl7ListRow;
export const HL7_LIST = hl7Contracts.list;

export function fetchHl7Message(id: string, signal?: AbortSignal): Promise<Hl7ShowAnswer> {
  return call(hl7Contracts.show, { params: { id } }, { signal });
}

/** POST /api/hl7/resend: due again now (a message already acknowledged goes out under a new control id). */
export async function resendHl7Message(id: string): Promise<void> {
  await call(hl7Contracts.resend, { body: { id } });
}
