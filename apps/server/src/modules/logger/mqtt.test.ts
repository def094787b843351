import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttCredentials } from '@lis/domain';
import { readingTopic } from '@lis/domain';
import { auditLog, temperatureReadings } from '../../db/schema.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';
import { ReadingIngest } from './ingest.ts';
import { type MqttIngest, startMqttIngest } from './mqtt.ts';
import { createRefrigerator, deviceKeyOf, minutesAgo, postReadings, recordEvents, saveRefrigerator, type RecordedEvent } from './test-fixtures.ts';

// Readings published to a real MQTT broker reach the database and the site's room: the embedded aedes broker
// the server runs without MQTT_URL, which admits each refrigerator's own credentials only, lets them publish to
// their own topic only and subscribe to nothing; and an outside broker (MQTT_URL) the server subscribes to:
// Mosquitto on 127.0.0.1:1883 in CI when MQTT_URL is set, else a plain aedes started here in its place. Bad
// messages are counted, never stored, and the ingest goes on.

let t: TestApp;
let client: Api;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let events: RecordedEvent[];

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
  events = recordEvents(t);
});
afterAll(async () => { await t.close(); });

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!await check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A plain broker that admits anyone, standing in for an outside one (the deployment's own broker and ACL). */
async function plainBroker(port = 0): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://127.0.0.1:${bound}`,
    port: bound,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Publishes with QoS 1 and answers what the broker did: 'accepted' (its PUBACK came) or 'refused' (it closed the
 * connection, as aedes does with a publish its authorizePublish refused). No timer: one of the two always happens.
 */
function publishOutcome(publisher: mqtt.MqttClient, topic: string, payload: string): Promise<'accepted' | 'refused'> {
  return new Promise((resolve) => {
    publisher.once('close', () => resolve('refused'));
    publisher.publishAsync(topic, payload, { qos: 1 }).then(() => resolve('accepted'), () => resolve('refused'));
  });
}

const storedOf = (id: string) => t.database.db.select().from(temperatureReadings).where(eq(temperatureReadings.refrigeratorId, id));

/** Connects without retrying and answers the error the broker's CONNACK refused with (or null when admitted, closing the client). */
async function connectRefusal(url: string, options: mqtt.IClientOptions = {}): Promise<Error | null> {
  try {
    const connected = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 3000, ...options });
    await connected.endAsync(true);
    return null;
  } catch (error) {
    return error as Error;
  }
}

describe('the embedded broker', () => {
  let ingest: ReadingIngest;
  let listener: MqttIngest;

  beforeAll(async () => {
    ingest = new ReadingIngest(t.database.db, t.realtime);
    listener = await startMqttIngest(t.database.db, ingest, { url: undefined, host: '127.0.0.1', port: 0, username: undefined, password: undefined });
  });
  afterAll(async () => {
    await listener.close();
    await ingest.stop();
  });

  const gateway = (mqttCredentials: MqttCredentials) =>
    mqtt.connectAsync(listener.brokerUrl, { username: mqttCredentials.korisnik, password: mqttCredentials.lozinka, reconnectPeriod: 0 });

  it('listens on loopback and says so', () => {
    expect(listener.brokerUrl).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
    expect(listener.status()).toMatchObject({ vrsta: 'embedded', stanje: 'listening', greska: null });
    expect(ingest.brokerStatus()).toMatchObject({ vrsta: 'embedded', stanje: 'listening' });
  });

  it('refuses anonymous clients and wrong passwords', async () => {
    const { mqtt: own } = await createRefrigerator(client, admin, { naziv: 'MQTT anonimni', slave_id: 50 }, sarajevo);
    expect((await connectRefusal(listener.brokerUrl))?.message).toMatch(/Bad username or password|Not authorized/i);
    expect(await connectRefusal(listener.brokerUrl, { username: own.korisnik, password: `${own.lozinka}x` })).not.toBeNull();
    expect(await connectRefusal(listener.brokerUrl, { username: 'gateway', password: own.lozinka })).not.toBeNull();
    expect(await connectRefusal(listener.brokerUrl, { username: own.korisnik, password: own.lozinka })).toBeNull();
  });

  it('stores published readings, one or an array per message, and tells the site room', async () => {
    const { frizider: fridge, mqtt: own } = await createRefrigerator(client, admin, { naziv: 'MQTT frižider 51', slave_id: 51 }, sarajevo);
    expect(own).toMatchObject({ korisnik: fridge._id, tema: readingTopic('SA', 51) });
    expect(fridge.ima_mqtt).toBe(true);
    const publisher = await gateway(own);
    try {
      await publisher.publishAsync(own.tema, JSON.stringify({ time: minutesAgo(3), temperatura: 4.1, vlaznost: 41 }), { qos: 1 });
      await publisher.publishAsync(own.tema, JSON.stringify([{ time: minutesAgo(2), temperatura: 4.2 }, { time: minutesAgo(1), temperatura: '4,3' }]), { qos: 1 });
      await until(async () => (await storedOf(fridge._id)).length === 3, 'three readings');
      expect((await storedOf(fridge._id)).map((row) => row.temperatura).sort()).toEqual([4.1, 4.2, 4.3]);
      await until(() => events.some((event) => event.event === 'temperature' && event.payload._id === fridge._id && event.payload.temperatura === 4.3), 'the event');
      expect(events.filter((event) => event.event === 'temperature' && event.payload._id === fridge._id).at(-1)).toMatchObject({
        room: `site:${sarajevo}`, payload: { slave_id: 51, active: true, naziv: 'MQTT frižider 51', frizider: fridge._id },
      });
    } finally {
      await publisher.endAsync();
    }
  });

  it('counts malformed payloads, non-numeric values and future times on the own topic, stores none, and goes on', async () => {
    const { frizider: fridge, mqtt: own } = await createRefrigerator(client, admin, { naziv: 'MQTT loši 52', slave_id: 52 }, sarajevo);
    const publisher = await gateway(own);
    try {
      const before = ingest.stats();
      await publisher.publishAsync(own.tema, '{"temperatura": 4.1', { qos: 1 });
      await publisher.publishAsync(own.tema, JSON.stringify({ temperatura: 'NaN' }), { qos: 1 });
      await publisher.publishAsync(own.tema, JSON.stringify({ temperatura: 5, time: minutesAgo(-60) }), { qos: 1 });
      await publisher.publishAsync(own.tema, JSON.stringify({ temperatura: 5.5 }), { qos: 1 });
      await until(async () => (await storedOf(fridge._id)).length === 1, 'the good reading');
      const after = ingest.stats();
      expect(after.odbijeno.malformed - before.odbijeno.malformed).toBe(1);
      expect(after.odbijeno.notNumeric - before.odbijeno.notNumeric).toBe(1);
      expect(after.odbijeno.futureTime - before.odbijeno.futureTime).toBe(1);
      expect((await storedOf(fridge._id)).map((row) => row.temperatura)).toEqual([5.5]);
    } finally {
      await publisher.endAsync();
    }
  });

  it("refuses a publish to another refrigerator's topic, of its own site or another's, and stores nothing", async () => {
    const { mqtt: own } = await createRefrigerator(client, admin, { naziv: 'MQTT napadač', slave_id: 53 }, sarajevo);
    const neighbour = await saveRefrigerator(client, admin, { naziv: 'MQTT susjed', slave_id: 54 }, sarajevo);
    const elsewhere = await saveRefrigerator(client, admin, { naziv: 'MQTT Tuzla', slave_id: 53 }, tuzla);
    for (const [topic, victim] of [[readingTopic('SA', 54), neighbour._id], [readingTopic('TZ', 53), elsewhere._id]] as const) {
      const before = ingest.stats().odbijeno.notAuthorised;
      const attacker = await gateway(own);
      expect(await publishOutcome(attacker, topic, JSON.stringify({ temperatura: -40.5 })), topic).toBe('refused');
      await attacker.endAsync(true);
      expect(ingest.stats().odbijeno.notAuthorised).toBe(before + 1);
      await ingest.flush();
      expect(await storedOf(victim)).toEqual([]);
    }
  });

  it('grants no subscription, to # or to a topic of its own', async () => {
    const { mqtt: own } = await createRefrigerator(client, admin, { naziv: 'MQTT prisluškivač', slave_id: 55 }, sarajevo);
    const listenerClient = await gateway(own);
    try {
      // mqtt.js rejects a SUBACK whose grant is 128 (failure).
      for (const topic of ['#', 'lis/loger/+/+', own.tema]) {
        await expect(listenerClient.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
      }
    } finally {
      await listenerClient.endAsync(true);
    }
  });

  it('refuses revoked credentials, and the old key once new ones are issued, at once for a client still connected', async () => {
    const { frizider: fridge, mqtt: first } = await createRefrigerator(client, admin, { naziv: 'MQTT opozvan', slave_id: 56 }, sarajevo);
    const connected = await gateway(first);
    const renewed = await client.post(admin, '/loger/frizider/mqtt', { id: fridge._id }, sarajevo);
    expect(renewed.statusCode).toBe(200);
    const second = renewed.json<{ mqtt: MqttCredentials }>().mqtt;
    expect(second.lozinka).not.toBe(first.lozinka);
    // The connection made with the old key is refused at its next publish.
    expect(await publishOutcome(connected, first.tema, JSON.stringify({ temperatura: 4 }))).toBe('refused');
    await connected.endAsync(true);
    expect(await connectRefusal(listener.brokerUrl, { username: first.korisnik, password: first.lozinka })).not.toBeNull();
    expect(await connectRefusal(listener.brokerUrl, { username: second.korisnik, password: second.lozinka })).toBeNull();

    const revoked = await client.post(admin, '/loger/frizider/mqtt', { id: fridge._id, opoziv: true }, sarajevo);
    expect(revoked.json()).toMatchObject({ success: true, mqtt: null });
    expect(await connectRefusal(listener.brokerUrl, { username: second.korisnik, password: second.lozinka })).not.toBeNull();
    await ingest.flush();
    expect(await storedOf(fridge._id)).toEqual([]);
    const list = await client.get(admin, '/loger/frizider/list', sarajevo);
    expect(list.json<{ frizideri: Array<{ _id: string; ima_mqtt: boolean }> }>().frizideri.find((row) => row._id === fridge._id)?.ima_mqtt).toBe(false);
    // Audited as settings are, and no key in the audit.
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, fridge._id));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['refrigerator.create', 'refrigerator.mqttKey', 'refrigerator.mqttRevoke']));
    expect(JSON.stringify(audit)).not.toContain(first.lozinka);
    expect(JSON.stringify(audit)).not.toContain(second.lozinka);
  });

  it("another site's user cannot issue or revoke a refrigerator's credentials", async () => {
    const { frizider: fridge } = await createRefrigerator(client, admin, { naziv: 'MQTT tuđi', slave_id: 57 }, sarajevo);
    const response = await client.post(admin, '/loger/frizider/mqtt', { id: fridge._id, opoziv: true }, tuzla);
    expect(response.statusCode).toBe(404);
  });
});

describe('an outside broker (MQTT_URL)', () => {
  let ingest: ReadingIngest;
  let listener: MqttIngest;
  let stand: Awaited<ReturnType<typeof plainBroker>> | null = null;
  let gateway: mqtt.MqttClient;

  beforeAll(async () => {
    stand = process.env.MQTT_URL ? null : await plainBroker();
    const url = process.env.MQTT_URL ?? stand?.url;
    ingest = new ReadingIngest(t.database.db, t.realtime);
    listener = await startMqttIngest(t.database.db, ingest, { url, host: '127.0.0.1', port: 0, username: undefined, password: undefined });
    await until(() => listener.status().stanje === 'connected', 'the server connected');
    gateway = await mqtt.connectAsync(listener.brokerUrl, { clientId: 'test-gateway-61' });
  });
  afterAll(async () => {
    await gateway.endAsync();
    await listener.close();
    await ingest.stop();
    await stand?.close();
  });

  it('stores readings of known sensors, counts unknown sensors and bad topics, and goes on', async () => {
    const fridge = await saveRefrigerator(client, admin, { naziv: 'MQTT vanjski 61', slave_id: 61 }, sarajevo);
    const before = ingest.stats();
    // The server subscribes just after its CONNACK: the test publishes until the first reading is stored rather than assume.
    await until(async () => {
      await gateway.publishAsync(readingTopic('SA', 61), JSON.stringify({ time: minutesAgo(5), temperatura: 4.4 }), { qos: 1 });
      await ingest.flush();
      return (await storedOf(fridge._id)).length > 0;
    }, 'the first reading');
    await gateway.publishAsync(readingTopic('SA', 199), JSON.stringify({ temperatura: 5 }), { qos: 1 });
    await gateway.publishAsync('lis/loger/SA/nije-broj', JSON.stringify({ temperatura: 5 }), { qos: 1 });
    await gateway.publishAsync(readingTopic('SA', 61), JSON.stringify({ temperatura: 5.5 }), { qos: 1 });
    await until(async () => (await storedOf(fridge._id)).some((row) => row.temperatura === 5.5), 'the last reading');
    const after = ingest.stats();
    expect(after.odbijeno.unknownSensor - before.odbijeno.unknownSensor).toBe(1);
    expect(after.odbijeno.malformed - before.odbijeno.malformed).toBe(1);
  });
});

describe('the broker goes away and comes back (issue 24)', () => {
  it('shows the outside broker disconnected on /loger/pregled, takes HTTP readings meanwhile, and reconnects with back-off', async () => {
    let broker = await plainBroker();
    const port = broker.port;
    const ingest = new ReadingIngest(t.database.db, t.realtime);
    // The overview of a server whose routes share this ingest, as main.ts wires them.
    const app = await buildApp({
      db: t.database.db, logger: false, realtime: t.realtime, readingIngest: ingest,
      config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
    });
    await app.ready();
    const overviewBroker = async () => (await app.inject({
      method: 'GET', url: '/api/loger/pregled', headers: { authorization: `Bearer ${admin.token}`, 'x-site': sarajevo },
    })).json<{ broker: { vrsta: string; stanje: string; od: string | null; greska: string | null } }>().broker;
    const listener = await startMqttIngest(t.database.db, ingest, {
      url: broker.url, host: '127.0.0.1', port: 0, username: undefined, password: undefined, reconnectMs: { first: 50, longest: 400 },
    });
    try {
      await until(() => listener.status().stanje === 'connected', 'connected');
      expect(await overviewBroker()).toMatchObject({ vrsta: 'external', stanje: 'connected', greska: null });

      await broker.close();
      await until(() => listener.status().stanje === 'disconnected', 'disconnected');
      const down = await overviewBroker();
      expect(down).toMatchObject({ vrsta: 'external', stanje: 'disconnected' });
      expect(down.od).not.toBeNull();
      // While it is gone (and retried, refused), readings over HTTP still arrive.
      await until(() => listener.status().greska === 'ECONNREFUSED', 'a refused reconnect');
      const fridge = await saveRefrigerator(client, admin, { naziv: 'MQTT nestao', slave_id: 71 }, sarajevo);
      const key = await deviceKeyOf(client, admin, fridge._id, sarajevo);
      const posted = await postReadings(t, key, [{ temperatura: 4.8 }]);
      expect(posted.json()).toMatchObject({ success: true, primljeno: 1 });
      expect((await storedOf(fridge._id)).map((row) => row.temperatura)).toEqual([4.8]);

      broker = await plainBroker(port);
      await until(() => listener.status().stanje === 'connected', 'connected again');
      expect(await overviewBroker()).toMatchObject({ stanje: 'connected', greska: null });
      // And readings over MQTT flow again (the subscription was made anew).
      const gateway = await mqtt.connectAsync(broker.url, { clientId: 'test-gateway-71' });
      try {
        await until(async () => {
          await gateway.publishAsync(readingTopic('SA', 71), JSON.stringify({ time: minutesAgo(1), temperatura: 4.9 }), { qos: 1 });
          await ingest.flush();
          return (await storedOf(fridge._id)).length === 2;
        }, 'a reading over MQTT after the reconnect');
      } finally {
        await gateway.endAsync(true);
      }
    } finally {
      await listener.close();
      await ingest.stop();
      await broker.close();
      await app.close();
    }
  });

  it('shows the embedded broker off when its port is taken, and the server goes on', async () => {
    const taken = await plainBroker();
    const ingest = new ReadingIngest(t.database.db, undefined);
    const listener = await startMqttIngest(t.database.db, ingest, { url: undefined, host: '127.0.0.1', port: taken.port, username: undefined, password: undefined });
    try {
      expect(listener.status()).toMatchObject({ vrsta: 'embedded', stanje: 'off', greska: 'EADDRINUSE' });
      expect(ingest.brokerStatus()).toMatchObject({ stanje: 'off' });
    } finally {
      await listener.close();
      await ingest.stop();
      await taken.close();
    }
  });
});
