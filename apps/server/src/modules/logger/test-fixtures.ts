import type { LightMyRequestResponse } from 'fastify';
import type { Server } from 'socket.io';
import { type MqttCredentials, type RefrigeratorAnswer, type RefrigeratorElementInput, newRefrigeratorElement } from '@lis/domain';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import type { Api } from '../samples/test-fixtures.ts';

/** Saves a refrigerator of the user's site (or `site`) through the JSON editor's call. */
export async function saveRefrigerator(
  client: Api, user: SignedIn, change: Partial<RefrigeratorElementInput> & Record<string, unknown>, site = user.site,
): Promise<RefrigeratorAnswer> {
  const element = { ...newRefrigeratorElement(site), naziv: 'Frižider reagensi', ...change };
  const response = await client.post(user, '/loger/frizider/edit', { element }, site);
  if (response.statusCode !== 200) throw new Error(`refrigerator not saved: ${response.body}`);
  return response.json<{ frizider: RefrigeratorAnswer }>().frizider;
}

/** Adds a refrigerator and answers it with the MQTT credentials its creation answered (once). */
export async function createRefrigerator(
  client: Api, user: SignedIn, change: Partial<RefrigeratorElementInput> & Record<string, unknown>, site = user.site,
): Promise<{ frizider: RefrigeratorAnswer; mqtt: MqttCredentials }> {
  const element = { ...newRefrigeratorElement(site), naziv: 'Frižider reagensi', ...change };
  const response = await client.post(user, '/loger/frizider/edit', { element }, site);
  if (response.statusCode !== 200) throw new Error(`refrigerator not saved: ${response.body}`);
  const answer = response.json<{ frizider: RefrigeratorAnswer; mqtt?: MqttCredentials }>();
  if (!answer.mqtt) throw new Error('no MQTT credentials answered at creation');
  return { frizider: answer.frizider, mqtt: answer.mqtt };
}

export async function deviceKeyOf(client: Api, user: SignedIn, id: string, site = user.site): Promise<string> {
  const response = await client.post(user, '/loger/frizider/kljuc', { id }, site);
  if (response.statusCode !== 200) throw new Error(`no device key: ${response.body}`);
  return response.json<{ kljuc: string }>().kljuc;
}

/** Posts readings as a gateway with the device key. */
export function postReadings(t: TestApp, key: string, readings: unknown[]): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/loger/ocitanja', headers: { authorization: `Device ${key}` }, payload: { readings } });
}

export interface RecordedEvent {
  room: string;
  event: string;
  payload: Record<string, unknown>;
}

/** Attaches a stand-in socket.io server to the app's hub that records every event with its room. */
export function recordEvents(t: TestApp): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const fake = {
    to: (room: string) => ({ emit: (event: string, payload: Record<string, unknown>) => { events.push({ room, event, payload }); return true; } }),
  };
  t.realtime.attach(fake as unknown as Server);
  return events;
}

export const minutesAgo = (minutes: number, from = new Date()): string => new Date(from.getTime() - minutes * 60_000).toISOString();
