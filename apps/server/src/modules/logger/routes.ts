import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loggerContracts, message } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { ReadingIngest } from './ingest.ts';
import { renderMonthlyRecord } from './pdf.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['loger'];
const SESSION = 'Token and site as on every call. Refrigerators belong to a site: another site\'s refrigerator or alarm answers 404 '
  + 'exactly like a missing one.';

/** The device key of POST /loger/ocitanja: `Authorization: Device <key>` or the `x-device-key` header. */
function deviceKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-device-key'];
  if (typeof header === 'string' && header.length > 0) return header;
  const authorization = request.headers.authorization;
  const match = typeof authorization === 'string' ? /^Device\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1] ?? null;
}

export function loggerRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { db, realtime } = options;
  const ingest = options.readingIngest ?? new ReadingIngest(db, realtime);

  registerCall(app, loggerContracts.list, {
    tags: TAGS,
    summary: "The site's refrigerators (/loger/postavke)",
    description: `${SESSION}\n\n\`200 { success: true, frizideri: [element + { _id, ima_kljuc, ima_mqtt, created_at, updated_at }], prijem }\`: `
      + 'each refrigerator\'s JSON element (free-form fields included) by name; `ima_kljuc` whether a gateway device key is set, `ima_mqtt` whether MQTT credentials are; '
      + '`prijem` the readings this server took, found stored already and refused by reason since it started.',
  }, async (request) => ({ success: true as const, frizideri: await service.listRefrigerators(db, request.ctx), prijem: ingest.stats() }));

  registerCall(app, loggerContracts.edit, {
    tags: TAGS,
    summary: 'Save a refrigerator (the JSON editor)',
    description: `${SESSION} \`element\`: { _id?, naziv, site (the site worked on), slave_id (1-247, unique at the site), aktivan, `
      + 'temperatura: { min, max } (°C), vlaznost: { min, max } (%) or null, odgoda_alarma_min (minutes out of range before the alarm), '
      + 'limit_tisine_min (minutes without a reading before the silence alarm), zatvaranje_ocitanja (2-100, default 3) and zatvaranje_min '
      + '(0-1440, default 10): an open alarm closes by itself after that many consecutive readings ending its condition, the first and '
      + 'last that many minutes apart, never by one reading; any other field kept as it is }. With `_id` that '
      + 'refrigerator is changed, without it one is added with its MQTT credentials (answered only here, once). Audited.\n\n'
      + '`200 { success: true, message, frizider, mqtt? : { korisnik, lozinka, tema } }`; a bad field: `400` naming '
      + 'it (`element.temperatura.max` ...); `site` not the site worked on: `400 logger.siteMismatch`; the sensor taken: `409 logger.sensorTaken`.',
  }, async (request) => ({
    success: true as const, message: message('logger.saved'), ...await service.saveRefrigerator(db, request.ctx, request.body.element),
  }));

  registerCall(app, loggerContracts.mqttKey, {
    tags: TAGS,
    summary: "New (or revoked) MQTT credentials of the refrigerator",
    description: `${SESSION} New credentials for the embedded broker replace the refrigerator's (issued first at its creation); `
      + 'with `opoziv: true` it has none. The old key is refused at its next publish, on every server. The password is answered this '
      + 'once and only its SHA-256 is kept. Audited (without the key).\n\n`200 { success: true, mqtt: { korisnik, lozinka, tema } | null }`.',
  }, async (request) => ({ success: true as const, mqtt: await service.replaceMqttKey(db, request.ctx, request.body.id, request.body.opoziv) }));

  registerCall(app, loggerContracts.deviceKey, {
    tags: TAGS,
    summary: "A new device key for the refrigerator's gateway",
    description: `${SESSION} The key is answered this once and only its SHA-256 is kept; the previous key stops working. Audited `
      + '(without the key).\n\n`200 { success: true, kljuc }`.',
  }, async (request) => ({ success: true as const, kljuc: await service.newDeviceKey(db, request.ctx, request.body.id) }));

  registerCall(app, loggerContracts.overview, {
    tags: TAGS,
    summary: 'The refrigerators\' tiles (/loger/pregled)',
    description: `${SESSION}\n\n\`200 { success: true, senzori: [{ _id, frizider, naziv, slave_id, active, time, temperatura, vlaznost, `
      + 'trend, van_opsega, granice, alarmi }] }`: the latest reading of each refrigerator, its trend over 15 minutes, whether it is out '
      + 'of range, and its open alarms. The socket event `temperature` carries the same entry (without `alarmi`) as readings arrive; '
      + '`logger:alarm`, `logger:alarm-cleared` and `logger:alarm-acknowledged` tell of alarm changes. `broker`: the MQTT broker\'s '
      + 'state as this server sees it ({ vrsta, stanje, od, greska }).',
  }, async (request) => ({ success: true as const, senzori: await service.overview(db, request.ctx), broker: ingest.brokerStatus() }));

  registerCall(app, loggerContracts.unacknowledgedAlarms, {
    tags: TAGS,
    summary: 'Open alarms not yet acknowledged (the bell)',
    description: `${SESSION} The site's open alarms nobody has acknowledged, newest first: the bell lists them when a page loads, `
      + 'and `logger:alarm`, `logger:alarm-cleared` and `logger:alarm-acknowledged` keep it current.\n\n'
      + '`200 { success: true, alarmi: [{ _id, frizider, naziv, vrsta, pocetak, podignut, vrijednost, zavrsen, potvrden, potvrdio, napomena }] }`.',
  }, async (request) => ({ success: true as const, alarmi: await service.unacknowledgedAlarms(db, request.ctx) }));

  registerCall(app, loggerContracts.acknowledge, {
    tags: TAGS,
    summary: 'Acknowledge an alarm with a note',
    description: `${SESSION} \`napomena\` says what was done (required). The alarm leaves the bell and stays open on the tile until the `
      + 'refrigerator\'s closing rule closes it (`zatvaranje_ocitanja` readings ending its condition over `zatvaranje_min` minutes). Audited.\n\n'
      + '`200 { success: true, alarm }`; acknowledged before: `409 logger.alreadyAcknowledged`.',
  }, async (request) => ({
    success: true as const, alarm: await service.acknowledgeAlarm(db, realtime, request.ctx, request.body.id, request.body.napomena),
  }));

  registerCall(app, loggerContracts.statistics, {
    tags: TAGS,
    summary: 'Refrigerator statistics by day (/loger/statistika)',
    description: `${SESSION} \`od\`, \`do\`: days (YYYY-MM-DD, the site's calendar, at most 366 days); \`frizider\` narrows to one.\n\n`
      + '`200 { success: true, od, do, frizideri: [{ _id, naziv, slave_id, temperatura, vlaznost, dani: [{ dan, n, t_min, t_max, t_avg, '
      + 'h_min, h_max, h_avg, van_opsega_min }], ukupno, alarmi }] }`: only days with readings are listed; each reading stands for its '
      + 'minute, so `van_opsega_min` counts the readings out of the range in force when they were stored.',
  }, async (request) => {
    const range = service.statisticsRange(request.query.od, request.query.do);
    return { success: true as const, od: request.query.od, do: request.query.do, frizideri: await service.statistics(db, request.ctx, range, request.query.frizider) };
  });

  registerCall(app, loggerContracts.monthlyRecord, {
    tags: TAGS,
    summary: 'The monthly temperature record (PDF)',
    description: `${SESSION} \`mjesec\`: YYYY-MM. \`application/pdf\`: one A4 page per refrigerator with every day of the month, the `
      + 'totals, the alarms with their notes and a sign-off field.',
  }, async (request, reply) => {
    const record = await service.monthlyRecord(db, request.ctx, request.query.mjesec);
    const pdf = await renderMonthlyRecord(record);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="temperature-${record.month}.pdf"`)
      .header('cache-control', 'no-store').send(pdf);
  });

  registerCall(app, loggerContracts.ingest, {
    tags: TAGS,
    summary: 'Readings from a gateway (device key, no user session)',
    description: 'Authorised by the refrigerator\'s device key (`Authorization: Device <key>` or `x-device-key: <key>`, issued by '
      + '`loger/frizider/kljuc`), not by a user session: the readings are that refrigerator\'s. `readings`: up to 1000 of '
      + '`{ time? (ISO 8601 with zone, or epoch ms; default now), temperatura, vlaznost? }`.\n\n'
      + '`200 { success: true, primljeno, duplikati, odbijeno: [{ index, razlog }] }`: readings stored, readings of a time stored already '
      + '(not stored twice), and those refused (malformed, notNumeric, implausible, badTime, futureTime), which are counted and logged '
      + 'and never stored. A missing or wrong key: `401 logger.deviceKey`.',
    config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
  }, async (request) => {
    const outcome = await service.ingestFromDevice(db, ingest, deviceKeyOf(request), request.body.readings);
    return { success: true as const, primljeno: outcome.stored, duplikati: outcome.duplicates, odbijeno: outcome.rejected.map(({ index, reason }) => ({ index, razlog: reason })) };
  });
  return Promise.resolve();
}
