import { createServer, type AddressInfo, type Server } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt from 'mqtt';
import { type BrokerStatus, MQTT_SUBSCRIPTION, readingTopic, sensorOfTopic } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { hashToken } from '../../lib/tokens.ts';
import { mqttCredentialOf } from './ingest-repository.ts';
import type { ReadingIngest, SensorRef } from './ingest.ts';

/**
 * Readings over MQTT. A gateway publishes each sensor's readings to
 * `lis/loger/<site sifra>/<slave_id>` (e.g. `lis/loger/SA/3`), the payload a
 * JSON reading `{ "time": "2026-03-01T08:30:00Z", "temperatura": 4.2,
 * "vlaznost": 45 }` (time optional: the time of arrival) or an array of them.
 *
 * Without MQTT_URL the server runs an embedded broker (aedes) on
 * MQTT_HOST:MQTT_PORT (127.0.0.1 unless configured) that admits only a
 * refrigerator's own credentials: user name the refrigerator's id, password
 * the MQTT key issued when it was created (only its SHA-256 is stored). Such
 * a client may publish only to its refrigerator's own topic and subscribe to
 * nothing; anonymous clients are refused. The server takes the messages from
 * the broker itself (no subscribing client, so no account that can read
 * everything exists). A key revoked or issued anew stops the old one at its
 * next publish, on every server, as each publish is checked against the
 * stored hash.
 *
 * With MQTT_URL the server subscribes with QoS 1 to that broker as
 * MQTT_USERNAME/MQTT_PASSWORD, reconnecting with back-off while it is gone;
 * who may publish what there is that broker's ACL, the deployment's job.
 * Either way the broker's state is kept for /loger/pregled (`status()`).
 */

export interface MqttSettings {
  url: string | undefined;
  host: string;
  port: number;
  username: string | undefined;
  password: string | undefined;
  /** Back-off of the client's reconnects to MQTT_URL: the first wait, doubled after each failure up to the longest. */
  reconnectMs?: { first: number; longest: number };
}

export interface MqttIngest {
  /** Where the broker is: the embedded broker's address (connect host) when there is no MQTT_URL. */
  brokerUrl: string;
  /** The embedded broker's port, when the server runs one and it listens. */
  embeddedPort: number | null;
  status(): BrokerStatus;
  close(): Promise<void>;
}

/** A message longer than this is no sensor's reading (an array of a thousand readings is about 80 kB). */
const MAX_PAYLOAD_BYTES = 256 * 1024;

/** The kind of an error, for the state and the log: its code (ECONNREFUSED, EADDRINUSE …), never its message (which may name hosts). */
export function errorKindOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code } = error as { code?: unknown };
    if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
    if (typeof code === 'number') return `mqtt_${code}`;
  }
  return 'error';
}

/** Hands each message to the ingest: one reading, or each of an array; what cannot be read is counted as malformed. */
export function receiveMessage(ingest: ReadingIngest, topic: string, payload: Buffer, sensorRef?: SensorRef): void {
  const sensor = sensorRef ?? sensorOfTopic(topic);
  if (!sensor) return ingest.reject('malformed', { topic: topic.slice(0, 100) });
  if (payload.length > MAX_PAYLOAD_BYTES) return ingest.reject('malformed', { topic, bytes: payload.length });
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return ingest.reject('malformed', { topic });
  }
  for (const reading of Array.isArray(body) ? body : [body]) ingest.enqueue({ sensor, payload: reading });
}

function refused(code: 4 | 5): AuthenticateError {
  const error = new Error(code === 4 ? 'bad user name or password' : 'not authorised') as AuthenticateError;
  error.returnCode = code;
  return error;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Who a connected client signed in as: its refrigerator and the hash of the key it used. */
interface Signed {
  refrigeratorId: string;
  keyHash: string;
}

/**
 * The embedded broker's rules: a client signs in with its refrigerator's id and MQTT key; each publish is
 * checked against the refrigerator as stored now (the key still its current one, the topic its own site's code
 * and slave id); every subscription is refused. Refused publishes close the client's connection (aedes).
 */
export function createEmbeddedBroker(db: Db, ingest: ReadingIngest): Promise<Aedes> {
  const signed = new WeakMap<Client, Signed>();
  const broker = Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (!username || !password || !isUuid(username) || password.length > 200) return done(refused(4), false);
      const keyHash = hashToken(password.toString('utf8'));
      mqttCredentialOf(db, username).then((credential) => {
        if (!credential?.keyHash || !sameHash(credential.keyHash, keyHash)) return done(refused(4), false);
        signed.set(client, { refrigeratorId: username, keyHash });
        return done(null, true);
      }, () => done(refused(5), false));
    },
    authorizePublish: (client, packet, done) => {
      const who = client ? signed.get(client) : undefined;
      if (!who) return done(new Error('not authorised'));
      mqttCredentialOf(db, who.refrigeratorId).then((credential) => {
        const current = credential?.keyHash !== null && credential?.keyHash !== undefined && sameHash(credential.keyHash, who.keyHash);
        if (!credential || !current || packet.topic !== readingTopic(credential.sifra, credential.slaveId)) {
          ingest.reject('notAuthorised', { topic: packet.topic.slice(0, 100) });
          return done(new Error('not authorised'));
        }
        return done(null);
      }, (error: unknown) => done(error instanceof Error ? error : new Error('not authorised')));
    },
    // Readings flow one way, from the refrigerator to the server: no client reads anything from the broker.
    authorizeSubscribe: (_client, _subscription, done) => done(null, null),
  });
  return broker.then((ready) => {
    ready.on('publish', (packet, client) => {
      const who = client ? signed.get(client) : undefined;
      if (!who) return;
      receiveMessage(ingest, packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload), { refrigeratorId: who.refrigeratorId });
    });
    return ready;
  });
}

async function listen(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export async function startMqttIngest(db: Db, ingest: ReadingIngest, settings: MqttSettings): Promise<MqttIngest> {
  return settings.url ? startExternal(ingest, settings.url, settings) : startEmbedded(db, ingest, settings);
}

/** The embedded broker; a port already taken leaves it off with that state shown (readings still arrive over HTTP). */
async function startEmbedded(db: Db, ingest: ReadingIngest, settings: MqttSettings): Promise<MqttIngest> {
  const broker = await createEmbeddedBroker(db, ingest);
  const server = createServer(broker.handle);
  const connectHost = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  let port: number | null = null;
  let status: BrokerStatus;
  try {
    port = await listen(server, settings.host, settings.port);
    status = { vrsta: 'embedded', stanje: 'listening', od: new Date().toISOString(), greska: null };
  } catch (error) {
    status = { vrsta: 'embedded', stanje: 'off', od: new Date().toISOString(), greska: errorKindOf(error) };
  }
  ingest.brokerStatus = () => status;
  return {
    brokerUrl: `mqtt://${connectHost}:${port ?? settings.port}`,
    embeddedPort: port,
    status: () => status,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      if (port !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The client of MQTT_URL. It never throws after start: a broker that is down at start or goes away is
 * retried with back-off (first wait, doubled after each failed attempt, at most the longest), and the
 * state (connected, or disconnected since when with the last error's kind) is kept for the overview.
 */
function startExternal(ingest: ReadingIngest, url: string, settings: MqttSettings): Promise<MqttIngest> {
  const backoff = settings.reconnectMs ?? { first: 1000, longest: 60_000 };
  let status: BrokerStatus = { vrsta: 'external', stanje: 'connecting', od: new Date().toISOString(), greska: null };
  let wait = backoff.first;
  let retry: NodeJS.Timeout | null = null;
  let closing = false;
  const client = mqtt.connect(url, {
    clientId: `lis-logger-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    username: settings.username,
    password: settings.password,
    // mqtt.js retries at one fixed period; the back-off is ours (below), so its own retry is off.
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    // A clean session: the client id changes with each start, and a persistent session per id would pile up
    // queued messages in the broker for ids never seen again. Readings sent while no server listens are lost to
    // MQTT as before; gateways that must not lose them post over HTTP, or resend.
    clean: true,
  });
  client.on('connect', () => {
    wait = backoff.first;
    status = { vrsta: 'external', stanje: 'connected', od: new Date().toISOString(), greska: null };
    // Made again on every connect: a broker restarted without the session has forgotten it.
    client.subscribeAsync(MQTT_SUBSCRIPTION, { qos: 1 }).catch((error: unknown) => { status = { ...status, greska: errorKindOf(error) }; });
  });
  client.on('close', () => {
    if (status.stanje !== 'disconnected') status = { ...status, stanje: 'disconnected', od: new Date().toISOString() };
    if (closing || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (!closing) client.reconnect();
    }, wait);
    wait = Math.min(backoff.longest, wait * 2);
  });
  // An error (refused, reset, not authorised) is a state, never a crash: the close that follows schedules the retry.
  client.on('error', (error) => { status = { ...status, greska: errorKindOf(error) }; });
  client.on('message', (topic, payload) => receiveMessage(ingest, topic, payload));
  ingest.brokerStatus = () => status;
  return Promise.resolve({
    brokerUrl: url,
    embeddedPort: null,
    status: () => status,
    async close() {
      closing = true;
      if (retry) clearTimeout(retry);
      await client.endAsync(true);
    },
  });
}
