import { z } from 'zod';
import { readQualitativeResult } from '../results/result-kind.ts';

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
 * How an analyser's control (QC) specimens are told from patients' samples: a specimen id starting with one
 * of `prefiksi` (case ignored, e.g. "QC", "KON"), and, with `qc_oznaka`, a specimen the message itself marks
 * as quality control (ASTM O-12 action code Q, HL7 OBR-11 Q). Either is enough. A control specimen's results
 * go to quality control (/kontrole), never to a patient's sample.
 */
export const controlRecognitionSchema = z.object({
  prefiksi: z.array(z.string().trim().min(1, { error: 'form.required' }).max(20)).max(10).default([]),
  qc_oznaka: z.boolean().default(true),
});
export type ControlRecognition = z.output<typeof controlRecognitionSchema>;
export const DEFAULT_CONTROL_RECOGNITION: ControlRecognition = { prefiksi: [], qc_oznaka: true };

/** Where the specimen id is read: ASTM O-3, O-4, P-3, P-4; HL7 OBR-3, OBR-2, SPM-2, PID-3. */
export const ASTM_SPECIMEN_ID_FIELDS = ['O3', 'O4', 'P3', 'P4'] as const;
export const HL7_SPECIMEN_ID_FIELDS = ['OBR3', 'OBR2', 'SPM2', 'PID3'] as const;

/**
 * How a test code's value is read, overriding what the assay and the message would choose: `numeric` a number
 * or a censored number (anything else is refused, even on a text assay), `text` the value as sent (no decimal
 * mark normalising, no mapping to answers), `coded` a code mapped to the assay's qualitative answers.
 */
export const ANALYSER_VALUE_TYPES = ['numeric', 'text', 'coded'] as const;
export type AnalyserValueType = (typeof ANALYSER_VALUE_TYPES)[number];

/** An answer a coded value maps to: a qualitative result as stored ("Negativan", "Pozitivan", "Pozitivan (++)"). */
export const qualitativeAnswerSchema = z.string().trim().min(1).max(40)
  .refine((answer) => readQualitativeResult(answer) !== null, { error: 'integration.badAnswer' });

/**
 * How an analyser's messages are read, for instruments the defaults misread (`tumacenje` in the element;
 * none of it is needed for the common cases): the component of the test id holding the code (1-based), the
 * field holding the specimen id (ASTM O-3, O-4, P-3, P-4; HL7 OBR-3, OBR-2, SPM-2, PID-3), the decimal mark,
 * ASTM frames without frame number and checksum (`STX text ETX`), a value type per test code (`valueTypes`),
 * and the analyser's own codes for qualitative answers (`answers`: `REACT` → `Pozitivan`), beside the
 * common ones every analyser is read with (analyserAnswer).
 */
export const analyserInterpretationSchema = z.object({
  testCodeComponent: z.number().int().min(1).max(20).optional(),
  specimenIdField: z.enum([...ASTM_SPECIMEN_ID_FIELDS, ...HL7_SPECIMEN_ID_FIELDS]).optional(),
  decimalMark: z.enum(['.', ',']).optional(),
  bareFrames: z.boolean().optional(),
  valueTypes: z.record(analyserTestCodeSchema, z.enum(ANALYSER_VALUE_TYPES)).optional(),
  answers: z.record(z.string().trim().min(1).max(40), qualitativeAnswerSchema).optional(),
});
export type AnalyserInterpretation = z.output<typeof analyserInterpretationSchema>;

/** The interpretation settings of a stored element (none: the defaults; an unreadable one is ignored, the defaults apply). */
export function analyserInterpretationOf(element: Readonly<Record<string, unknown>>): AnalyserInterpretation {
  const parsed = analyserInterpretationSchema.safeParse(element.tumacenje ?? {});
  return parsed.success ? parsed.data : {};
}

/**
 * A microbiology instrument (VITEK 2, BD Phoenix …): its results are organism identifications and
 * susceptibilities (ID/AST) that land as a culture's isolates and antibiograms rather than as test results
 * (`vrsta: 'mikrobiologija'`). The instrument's organism and antibiotic codes are the reference tables' codes
 * (organism `mo` such as B_ESCHR_COLI, antimicrobial `ab` such as AMP), else found through these maps where
 * its codes differ (`organizmi`: instrument code → `mo`, `antibiotici`: instrument code → `ab`); an organism
 * the map does not name is also found by the exact scientific name the instrument sends beside its code, an
 * antibiotic by an abbreviation only one agent has (VITEK's AM, GM). `organizamKodovi`: the test codes that
 * carry the identification (default ORG, ORGANISM, ID, ORGID, IDENT).
 */
export const ANALYSER_KINDS = ['rutina', 'mikrobiologija'] as const;
export type AnalyserKind = (typeof ANALYSER_KINDS)[number];
const referenceCodeSchema = z.string().trim().min(1).max(40);
export const microbiologyInstrumentSchema = z.object({
  organizmi: z.record(analyserTestCodeSchema, referenceCodeSchema).default({}),
  antibiotici: z.record(analyserTestCodeSchema, referenceCodeSchema).default({}),
  organizamKodovi: z.array(analyserTestCodeSchema).max(10).optional(),
});
export type MicrobiologyInstrument = z.output<typeof microbiologyInstrumentSchema>;

/** Whether a stored element is a microbiology instrument. */
export function isMicrobiologyInstrument(element: Readonly<Record<string, unknown>>): boolean {
  return element.vrsta === 'mikrobiologija';
}

/** The microbiology instrument's code maps of a stored element (none, or unreadable: empty maps). */
export function microbiologyInstrumentOf(element: Readonly<Record<string, unknown>>): MicrobiologyInstrument {
  const parsed = microbiologyInstrumentSchema.safeParse(element.mikrobiologija ?? {});
  return parsed.success ? parsed.data : { organizmi: {}, antibiotici: {} };
}

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
  kontrole: controlRecognitionSchema.default(DEFAULT_CONTROL_RECOGNITION),
  /** How its messages are read, when the defaults misread them (analyserInterpretationSchema); absent: the defaults. */
  tumacenje: analyserInterpretationSchema.optional(),
  /** A microbiology instrument (ID/AST to cultures) or, absent or `rutina`, an analyser of test results. */
  vrsta: z.enum(ANALYSER_KINDS).optional(),
  /** A microbiology instrument's code maps (microbiologyInstrumentSchema). */
  mikrobiologija: microbiologyInstrumentSchema.optional(),
  aktivan: z.boolean().default(true),
}).superRefine((element, context) => {
  // The specimen id field is a field of the analyser's own protocol: an HL7 analyser has no O-3.
  const field = element.tumacenje?.specimenIdField;
  if (field === undefined) return;
  const own: readonly string[] = element.protokol === 'hl7' ? HL7_SPECIMEN_ID_FIELDS : ASTM_SPECIMEN_ID_FIELDS;
  if (!own.includes(field)) context.addIssue({ code: 'custom', path: ['tumacenje', 'specimenIdField'], message: 'integration.specimenFieldProtocol' });
});
export type AnalyserElement = z.output<typeof analyserElementSchema>;
export type AnalyserElementInput = z.input<typeof analyserElementSchema>;

/** A new analyser as the editor starts it: ASTM, the LIS listening, checksums checked, no mapping yet. */
export function newAnalyserElement(): AnalyserElementInput {
  return {
    ime: '', protokol: 'astm', transport: { mode: 'listen', port: 5001 }, checksum: true, mapa: {}, kontrole: { ...DEFAULT_CONTROL_RECOGNITION },
    aktivan: true,
  };
}

/** The control recognition of a stored element (one saved before the setting existed has the default). */
export function controlRecognitionOf(element: Readonly<Record<string, unknown>>): ControlRecognition {
  const parsed = controlRecognitionSchema.safeParse(element.kontrole ?? {});
  return parsed.success ? parsed.data : DEFAULT_CONTROL_RECOGNITION;
}

/** Whether a specimen is a control: its id starts with one of the prefixes, or the message flags it as QC and the analyser heeds the flag. */
export function isControlSpecimen(recognition: ControlRecognition, specimenId: string, flaggedQc: boolean): boolean {
  if (recognition.qc_oznaka && flaggedQc) return true;
  const id = specimenId.trim().toUpperCase();
  return recognition.prefiksi.some((prefix) => id.startsWith(prefix.trim().toUpperCase()));
}

/** Where a connection of an analyser stands: off (inactive), listening without a peer, connected, or trying to connect. */
export const CONNECTION_STATES = ['off', 'listening', 'connected', 'connecting', 'error'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * Why an analyser's result was kept for review rather than saved on a sample.
 * `preliminary`: not final yet (HL7 OBX-11 P); never stored as the result. `cancelled`: the analyser cancelled
 * the observation (OBX-11 X); nothing to store. `correctionLocked`: a correction (OBX-11 C) of a sample already
 * approved or verified, which is never overwritten. `unmappedAnswer`: a coded or text value that is none of the
 * qualitative assay's answers (the value kept names it). `notNumeric`: a ratio or text where a number is read
 * (a numeric assay, or the code's value type set to numeric).
 * `noResult`: the analyser measured nothing (`----`, `***`, an empty value; the value is kept as sent).
 * Of a control specimen: `unknownControl` (its id is no level of a lot at the site), `controlNoTarget` (the lot
 * has no target for the assay at that level), `controlExpired` (the lot had expired); a control result is
 * never applied to a patient's sample.
 * Of a microbiology instrument: `noCulture` (the sample has no culture test), `unknownOrganism` (the organism
 * code is in neither the map nor the reference table, or the isolate came without an identification),
 * `unknownAntibiotic` (likewise the antibiotic code); a MIC off the dilution scale is `invalidValue`.
 * `resultReleased`: the test's result was released with its section by the autoverification rules (a partial
 * report carries it); an analyser never overwrites it, a person changes it with a reason.
 */
export const REVIEW_REASONS = [
  'unknownSpecimen', 'sampleLocked', 'testNotOrdered', 'unmappedCode', 'invalidValue', 'unknownControl', 'controlNoTarget', 'controlExpired',
  'noResult', 'preliminary', 'cancelled', 'correctionLocked', 'unmappedAnswer', 'notNumeric', 'noCulture', 'unknownOrganism', 'unknownAntibiotic',
  'resultReleased',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** What became of a received message: `control` when its results were control results, all stored as control runs. */
export const MESSAGE_OUTCOMES = ['applied', 'review', 'control', 'query', 'empty', 'error'] as const;
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
