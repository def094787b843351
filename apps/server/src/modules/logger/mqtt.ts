import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { MQTT_SUBSCRIPTION, sensorOfTopic } from '@lis/domain';
import type { ReadingIngest } from './ingest.ts';

/**
 * Readings over MQTT. A gateway publishes each sensor's readings to
 * `lis/loger/<site sifra>/<slave_id>` (e.g. `lis/loger/SA/3`), the payload a
 * JSON reading `{ "time": "2026-03-01T08:30:00Z", "temperatura": 4.2,
 * "vlaznost": 45 }` (time optional: the time of arrival) or an array of them.
 * The server subscribes with QoS 1 on the broker `MQTT_URL` names; without
 * one it runs an embedded broker (aedes) on MQTT_HOST:MQTT_PORT, so a plain
 * `npm start` needs nothing else. With MQTT_USERNAME/MQTT_PASSWORD set the
 * embedded broker admits only that account, and the server signs in to an
 * outside broker with it.
 */

export interface MqttSettings {
  url: string | undefined;
  host: string;
  port: number;
  username: string | undefined;
  password: string | undefined;
}

export interface MqttIngest {
  /** Where the server's own client is connected (the embedded broker's address when there is no MQTT_URL). */
  brokerUrl: string;
  /** The embedded broker's port, when the server runs one. */
  embeddedPort: number | null;
  close(): Promise<void>;
}

/** A message longer than this is no sensor's reading (an array of a thousand readings is about 80 kB). */
const MAX_PAYLOAD_BYTES = 256 * 1024;

async function startEmbeddedBroker(settings: MqttSettings): Promise<{ server: Server; broker: Aedes; port: number }> {
  const broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) => {
      if (!settings.username) return done(null, true);
      const ok = username === settings.username && password?.toString() === settings.password;
      return done(null, ok);
    },
  });
  const server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, broker, port: (server.address() as AddressInfo).port };
}

/** Hands each message to the ingest: one reading, or each of an array; what cannot be read is counted as malformed. */
export function receiveMessage(ingest: ReadingIngest, topic: string, payload: Buffer): void {
  const sensor = sensorOfTopic(topic);
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

export async function startMqttIngest(ingest: ReadingIngest, settings: MqttSettings): Promise<MqttIngest> {
  const embedded = settings.url ? null : await startEmbeddedBroker(settings);
  const connectHost = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  const brokerUrl = settings.url ?? `mqtt://${connectHost}:${embedded?.port ?? settings.port}`;
  const client = await mqtt.connectAsync(brokerUrl, {
    clientId: `lis-logger-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    username: settings.username,
    password: settings.password,
    reconnectPeriod: 2000,
  });
  // The subscription is made again on every reconnect (a broker restarted without a session).
  const subscribe = () => client.subscribeAsync(MQTT_SUBSCRIPTION, { qos: 1 });
  client.on('connect', () => void subscribe().catch(() => {}));
  await subscribe();
  client.on('message', (topic, payload) => receiveMessage(ingest, topic, payload));
  client.on('error', () => {});
  return {
    brokerUrl,
    embeddedPort: embedded?.port ?? null,
    async close() {
      await client.endAsync(true);
      if (embedded) {
        await new Promise<void>((resolve) => embedded.broker.close(() => resolve()));
        await new Promise<void>((resolve) => embedded.server.close(() => resolve()));
      }
    },
  };
}
