import { randomUUID } from 'node:crypto';
import type { Bundle, BundleEntry, Patient, ServiceRequest } from '@medplum/fhirtypes';
import { escapeHl7, hl7Ack, hl7Repeats, hl7Value, parseHl7, type Hl7Segment } from '@lis/analyser-protocols';
import { LOINC_SYSTEM } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { ASSAY_CODE_SYSTEM, FhirError, HL7_PLACER_SYSTEM, jmbgSystem, receiveOrderBundle } from '../fhir/service.ts';

// Orders in over HL7 v2: an ORM^O01 or OML^O21 from a hospital system, read into the FHIR order (a
// transaction Bundle with the Patient and one ServiceRequest per OBR) and taken by the FHIR order path, so
// the sample is created exactly as a FHIR order creates it (same intake rules, messages and audit). The
// sender's placer order number (ORC-2, else OBR-2) with each test's code is the ServiceRequest identifier:
// the same order sent again creates nothing and is answered AA again.

const ORDER_TYPES = new Set(['ORM^O01', 'OML^O21']);

/** Where a FHIR refusal's element lies in the HL7 order: the Patient is the Bundle's first entry, each OBR a ServiceRequest after it. */
function hl7FieldOf(expression: string | undefined): string {
  if (!expression) return '';
  if (expression.startsWith('Bundle.entry[0]')) {
    if (expression.includes('identifier')) return 'PID-3';
    if (expression.includes('name')) return 'PID-5';
    if (expression.includes('gender')) return 'PID-8';
    if (expression.includes('address')) return 'PID-11';
    if (expression.includes('telecom')) return 'PID-13';
    return 'PID';
  }
  if (expression.includes('.code')) return 'OBR-4';
  if (expression.includes('.identifier')) return 'ORC-2';
  return '';
}

/** An acknowledgement with its reason in MSA-3 and an ERR segment (ERR-3 the HL7 error code, ERR-4 severity E, ERR-8 the text). */
function refusal(text: string, code: 'AE' | 'AR', errorCode: string, reason: string, field = ''): string {
  const said = field ? `${reason} (${field})` : reason;
  const location = field ? field.replace('-', '^1^') : '';
  return `${hl7Ack(text, code, said)}ERR||${location}|${errorCode}|E||||${escapeHl7(said, { field: '|', component: '^', repeat: '~', escape: '\\', subcomponent: '&' })}\r`;
}

/** The ServiceRequest code of an OBR-4 (and its alternate): LOINC when the system is LN, else the lab's own code. */
function codingsOf(obr: Hl7Segment, delimiters: ReturnType<typeof parseHl7>['delimiters']) {
  const codings: { system: string; code: string; display?: string }[] = [];
  for (const first of [1, 4]) {
    const code = hl7Value(obr, delimiters, 4, first).trim();
    if (!code) continue;
    const system = hl7Value(obr, delimiters, 4, first + 2).trim().toUpperCase();
    const display = hl7Value(obr, delimiters, 4, first + 1).trim();
    codings.push({ system: system === 'LN' ? LOINC_SYSTEM : ASSAY_CODE_SYSTEM, code, ...(display ? { display } : {}) });
  }
  return codings;
}

/**
 * Reads one ORM^O01 / OML^O21 and creates its sample (or finds the one an earlier copy created); answers the
 * acknowledgement to send back: AA, AE with the reason (the order cannot be taken as sent: a missing placer
 * number, an unknown test code, an invalid JMBG ...), or AR for a message that is no order.
 */
export async function receiveHl7Order(db: Db, ctx: RequestContext, text: string): Promise<string> {
  const { delimiters, segments } = parseHl7(text);
  const msh = segments.find((segment) => segment.name === 'MSH');
  if (!msh) return refusal(text, 'AR', '100^Segment sequence error^HL70357', 'The message has no MSH segment');
  const type = `${hl7Value(msh, delimiters, 9, 1)}^${hl7Value(msh, delimiters, 9, 2)}`.toUpperCase();
  if (!ORDER_TYPES.has(type)) return refusal(text, 'AR', '200^Unsupported message type^HL70357', `${type} is not taken; send ORM^O01 or OML^O21`, 'MSH-9');

  const pid = segments.find((segment) => segment.name === 'PID');
  const orc = segments.find((segment) => segment.name === 'ORC');
  const obrs = segments.filter((segment) => segment.name === 'OBR');
  if (!pid) return refusal(text, 'AE', '100^Segment sequence error^HL70357', 'The order has no PID segment', 'PID');
  if (obrs.length === 0) return refusal(text, 'AE', '100^Segment sequence error^HL70357', 'The order names no test (OBR)', 'OBR');
  const placer = (hl7Value(orc, delimiters, 2, 1) || hl7Value(obrs[0], delimiters, 2, 1)).trim();
  if (!placer) return refusal(text, 'AE', '101^Required field missing^HL70357', 'The placer order number is missing', 'ORC-2');
  // The sending facility (else application) names the placer numbers' system, as a URI (letters, digits, . _ - only).
  const sender = ((hl7Value(msh, delimiters, 4, 1) || hl7Value(msh, delimiters, 3, 1)).trim() || 'HIS')
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]+/g, '-');

  // PID-3: the identifier whose assigning authority is JMBG, else the first one.
  const identifiers = hl7Repeats(pid.fields[3], delimiters).map((_, index) => ({
    id: hl7Value(pid, delimiters, 3, 1, 0, index + 1).trim(), authority: hl7Value(pid, delimiters, 3, 4, 0, index + 1).trim().toUpperCase(),
  }));
  const jmbg = (identifiers.find((identifier) => identifier.authority === 'JMBG') ?? identifiers[0])?.id ?? '';
  const sex = hl7Value(pid, delimiters, 8).trim().toUpperCase();
  // PID-11 (street^other^city^state^zip) as one line of text, PID-13 the first phone number.
  const address = [1, 2, 5, 3].map((component) => hl7Value(pid, delimiters, 11, component).trim()).filter(Boolean).join(', ');
  const phone = hl7Value(pid, delimiters, 13, 1).trim();
  const patientUrl = `urn:uuid:${randomUUID()}`;
  const patient: Patient = {
    resourceType: 'Patient',
    identifier: [{ system: await jmbgSystem(db), value: jmbg }],
    name: [{ family: hl7Value(pid, delimiters, 5, 1).trim(), given: [hl7Value(pid, delimiters, 5, 2).trim()].filter(Boolean) }],
    gender: sex === 'M' ? 'male' : sex === 'F' ? 'female' : 'unknown',
    ...(address ? { address: [{ text: address }] } : {}),
    ...(phone ? { telecom: [{ system: 'phone', value: phone }] } : {}),
  };
  const urgent = obrs.some((obr) => hl7Value(obr, delimiters, 5).trim().toUpperCase() === 'S') || hl7Value(orc, delimiters, 7, 6).trim().toUpperCase() === 'S';
  const requests: BundleEntry[] = obrs.map((obr) => {
    const coding = codingsOf(obr, delimiters);
    const request: ServiceRequest = {
      resourceType: 'ServiceRequest',
      identifier: [{ system: `${HL7_PLACER_SYSTEM}${sender}`, value: `${placer}^${coding[0]?.code ?? ''}` }],
      status: 'active', intent: 'order', priority: urgent ? 'stat' : 'routine',
      code: { coding }, subject: { reference: patientUrl },
    };
    return { resource: request, request: { method: 'POST', url: 'ServiceRequest' } };
  });
  const bundle: Bundle = {
    resourceType: 'Bundle', type: 'transaction',
    entry: [{ fullUrl: patientUrl, resource: patient, request: { method: 'POST', url: 'Patient' } }, ...requests],
  };
  try {
    await receiveOrderBundle(db, ctx, bundle, 'urn:lis:hl7', 'hl7');
    return hl7Ack(text, 'AA');
  } catch (error) {
    if (error instanceof FhirError) {
      const first = error.issues[0];
      const reason = first?.diagnostics ?? error.message;
      const code = error.status === 422 && /test/.test(reason) ? '103^Table value not found^HL70357' : '207^Application internal error^HL70357';
      return refusal(text, 'AE', code, reason, hl7FieldOf(first?.expression?.[0]));
    }
    throw error;
  }
}
