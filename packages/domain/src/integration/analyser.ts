import { z } from 'zod';

/**
 * An analyser (aparat) as its settings are edited: a JSON object. The fields below are checked; any other
 * field the lab keeps about the instrument (serial number, room, service contact) is stored as it is.
 */

export const ANALYSER_PROTOCOLS = ['astm', 'hl7'] as const;
export type AnalyserProtocol = (typeof ANALYSER_PROTOCOLS)[number];

/** A TCP port; 0 lets the system choose a free one for a listener (shown in the connection state), for tests and trials. */
const portSchema = z.number().int().min(0).max(65535);

/** `listen`: the LIS listens on this TCP port of its HOST; `connect`: the LIS connects to the analyser's address. */
export const analyserTransportSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('listen'), port: portSchema }),
  z.object({ mode: z.literal('connect'), host: z.string().trim().min(1, { error: 'form.required' }).max(255), port: portSchema.min(1) }),
]);
export type AnalyserTransport = z.output<typeof analyserTransportSchema>;

/** The test code an analyser sends (WBC, HGB, HbA1c): printable, no delimiters of either protocol. */
export const analyserTestCodeSchema = z.string().trim().min(1).max(40).regex(/^[^|^&\\~\r\n]+$/, { error: 'integration.badCode' });

/**
 * The analyser element of `POST /api/postavke/analysers/edit`: with `_id` it changes that analyser, without
 * one it adds one to the site worked on. `mapa` maps the analyser's test code to a lab assay `sifra`;
 * `mapa_iskljuceno` lists codes of the map switched off (/assays, akcija): the mapping is kept, but while it
 * is off a result with that code is not applied (kept for review as unmapped) and a worklist leaves it out.
 */
export const analyserElementSchema = z.looseObject({
  _id: z.uuid().optional(),
  ime: z.string().trim().min(1, { error: 'form.required' }).max(100),
  protokol: z.enum(ANALYSER_PROTOCOLS),
  transport: analyserTransportSchema,
  checksum: z.boolean().default(true),
  mapa: z.record(analyserTestCodeSchema, z.string().trim().min(1).max(40)).default({}),
  mapa_iskljuceno: z.array(analyserTestCodeSchema).default([]),
  aktivan: z.boolean().default(true),
});
export type AnalyserElement = z.output<typeof analyserElementSchema>;
export type AnalyserElementInput = z.input<typeof analyserElementSchema>;

/** A new analyser as the editor starts it: ASTM, the LIS listening, checksums checked, no mapping yet. */
export function newAnalyserElement(): AnalyserElementInput {
  return { ime: '', protokol: 'astm', transport: { mode: 'listen', port: 5001 }, checksum: true, mapa: {}, aktivan: true };
}

/** Where a connection of an analyser stands: off (inactive), listening without a peer, connected, or trying to connect. */
export const CONNECTION_STATES = ['off', 'listening', 'connected', 'connecting', 'error'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** Why an analyser's result was kept for review rather than saved on a sample. */
export const REVIEW_REASONS = ['unknownSpecimen', 'sampleLocked', 'testNotOrdered', 'unmappedCode', 'invalidValue'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** What became of a received message. */
export const MESSAGE_OUTCOMES = ['applied', 'review', 'query', 'empty', 'error'] as const;
export type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

/** The map in force: `mapa` without the codes switched off in `mapa_iskljuceno`. */
export function mappingInForce(element: { mapa: Readonly<Record<string, string>>; mapa_iskljuceno?: unknown }): Record<string, string> {
  const off = new Set(Array.isArray(element.mapa_iskljuceno) ? element.mapa_iskljuceno.filter((code) => typeof code === 'string') : []);
  return Object.fromEntries(Object.entries(element.mapa).filter(([code]) => !off.has(code)));
}

/** The analyser's codes of a sample's ordered assays (the worklist a host query answers), through the analyser's map. */
export function analyserCodesFor(mapa: Readonly<Record<string, string>>, assayCodes: readonly string[]): string[] {
  const ordered = new Set(assayCodes);
  return Object.entries(mapa).filter(([, sifra]) => ordered.has(sifra)).map(([code]) => code);
}
