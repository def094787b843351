import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingTopic } from '@lis/domain';
import { temperatureReadings } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';
import { ReadingIngest } from './ingest.ts';
import { type MqttIngest, startMqttIngest } from './mqtt.ts';
import { minutesAgo, recordEvents, saveRefrigerator, type RecordedEvent } from './test-fixtures.ts';

// Readings published to a real MQTT broker reach the database and the site's room: the embedded aedes
// broker the server runs without MQTT_URL (on a test port), and, when MQTT_URL names one (CI: Mosquitto on
// 127.0.0.1:1883), that broker too. Bad messages are counted, never stored, and the ingest goes on.

const EMBEDDED_PORT = Number(process.env.TEST_MQTT_PORT ?? 1890);
const BROKERS = [
  { name: 'the embedded broker (aedes)', url: undefined as string | undefined, port: EMBEDDED_PORT },
  ...(process.env.MQTT_URL ? [{ name: `the broker of MQTT_URL (${new URL(process.env.MQTT_URL).host})`, url: process.env.MQTT_URL, port: 0 }] : []),
];

let t: TestApp;
let client: Api;
let admin: SignedIn;
let sarajevo: string;
let events: RecordedEvent[];

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  sarajevo = siteId(admin, 'SA');
  events = recordEvents(t);
});
afterAll(async () => { await t.close(); });

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!await check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(BROKERS)('readings over MQTT through $name', ({ url, port }) => {
  let ingest: ReadingIngest;
  let listener: MqttIngest;
  let gateway: mqtt.MqttClient;
  // Each broker gets sensors of its own, so a shared broker's other traffic cannot be mistaken for ours.
  const slave = url ? 61 : 51;

  beforeAll(async () => {
    ingest = new ReadingIngest(t.database.db, t.realtime);
    listener = await startMqttIngest(ingest, { url, host: '127.0.0.1', port, username: undefined, password: undefined });
    gateway = await mqtt.connectAsync(listener.brokerUrl, { clientId: `test-gateway-${slave}` });
  });
  afterAll(async () => {
    await gateway.endAsync();
    await listener.close();
    await ingest.stop();
  });

  it('stores published readings, one or an array per message, and tells the site room', async () => {
    const fridge = await saveRefrigerator(client, admin, { naziv: `MQTT frižider ${slave}`, slave_id: slave }, sarajevo);
    const topic = readingTopic('SA', slave);
    await gateway.publishAsync(topic, JSON.stringify({ time: minutesAgo(3), temperatura: 4.1, vlaznost: 41 }), { qos: 1 });
    await gateway.publishAsync(topic, JSON.stringify([{ time: minutesAgo(2), temperatura: 4.2 }, { time: minutesAgo(1), temperatura: '4,3' }]), { qos: 1 });
    const stored = () => t.database.db.select().from(temperatureReadings).where(eq(temperatureReadings.refrigeratorId, fridge._id));
    await until(async () => (await stored()).length === 3, 'three readings');
    expect((await stored()).map((row) => row.temperatura).sort()).toEqual([4.1, 4.2, 4.3]);
    await until(() => Promise.resolve(events.some((event) => event.event === 'temperature' && event.payload._id === fridge._id && event.payload.temperatura === 4.3)), 'the event');
    expect(events.filter((event) => event.event === 'temperature' && event.payload._id === fridge._id).at(-1)).toMatchObject({
      room: `site:${sarajevo}`, payload: { slave_id: slave, active: true, naziv: `MQTT frižider ${slave}`, frizider: fridge._id },
    });
  });

  it('counts malformed payloads, unknown sensors, non-numeric values and future times, stores none, and goes on', async () => {
    const fridge = await saveRefrigerator(client, admin, { naziv: `MQTT loši ${slave}`, slave_id: slave + 1 }, sarajevo);
    const topic = readingTopic('SA', slave + 1);
    const before = ingest.stats();
    await gateway.publishAsync(topic, '{"temperatura": 4.1', { qos: 1 });
    await gateway.publishAsync(readingTopic('SA', 199), JSON.stringify({ temperatura: 5 }), { qos: 1 });
    await gateway.publishAsync(topic, JSON.stringify({ temperatura: 'NaN' }), { qos: 1 });
    await gateway.publishAsync(topic, JSON.stringify({ temperatura: 5, time: minutesAgo(-60) }), { qos: 1 });
    await gateway.publishAsync('lis/loger/SA/nije-broj', JSON.stringify({ temperatura: 5 }), { qos: 1 });
    await gateway.publishAsync(topic, JSON.stringify({ temperatura: 5.5 }), { qos: 1 });
    await until(async () => (await t.database.db.select().from(temperatureReadings).where(eq(temperatureReadings.refrigeratorId, fridge._id))).length === 1, 'the good reading');
    const after = ingest.stats();
    expect(after.odbijeno.malformed - before.odbijeno.malformed).toBe(2);
    expect(after.odbijeno.unknownSensor - before.odbijeno.unknownSensor).toBe(1);
    expect(after.odbijeno.notNumeric - before.odbijeno.notNumeric).toBe(1);
    expect(after.odbijeno.futureTime - before.odbijeno.futureTime).toBe(1);
    const [only] = await t.database.db.select().from(temperatureReadings).where(eq(temperatureReadings.refrigeratorId, fridge._id));
    expect(only?.temperatura).toBe(5.5);
  });
});

describe('the embedded broker with an account', () => {
  it('admits only that account', async () => {
    const ingest = new ReadingIngest(t.database.db, undefined);
    const listener = await startMqttIngest(ingest, { url: undefined, host: '127.0.0.1', port: EMBEDDED_PORT + 1, username: 'gateway', password: 'tajna-lozinka' });
    try {
      await expect(mqtt.connectAsync(listener.brokerUrl, { reconnectPeriod: 0, connectTimeout: 2000 })).rejects.toThrow();
      const allowed = await mqtt.connectAsync(listener.brokerUrl, { username: 'gateway', password: 'tajna-lozinka', reconnectPeriod: 0 });
      await allowed.endAsync();
    } finally {
      await listener.close();
      await ingest.stop();
    }
  });
});
