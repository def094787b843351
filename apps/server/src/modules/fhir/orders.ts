import type { Bundle, BundleEntry, Patient, Resource, ServiceRequest } from '@medplum/fhirtypes';
import { LOINC_SYSTEM, isMessageCode, message, patientSaveRequest, sampleSaveRequest, type MessageCode, type PatientSaveRequest } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { allows, type RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { labGeneralOptions } from '../general-options/service.ts';
import { patientByJmbg, register } from '../patients/service.ts';
import { create as createSample } from '../samples/service.ts';
import { FhirError, issue } from './outcome.ts';
import * as repo from './repository.ts';
import { ASSAY_CODE_SYSTEM, patientResource, serviceRequestResource } from './resources.ts';
import { validateFhirResource } from './validation.ts';

// Orders in: a FHIR transaction Bundle with the Patient and the ServiceRequests of one sample. The patient is
// found by JMBG or registered, and the sample created, by the same services intake uses (same rules, messages
// and audit), in one transaction. The sender's ServiceRequest.identifier makes the order idempotent: sent again,
// the same sample is answered and nothing is created.

/** Where an intake field lives in a FHIR Patient, for refusals that name the field. */
const PATIENT_FIELD_PATHS: Record<string, string> = {
  jmbg: 'identifier', ime: 'name.given', prezime: 'name.family', spol: 'gender', adresa: 'address', telefon: 'telecom', email: 'telecom',
};

interface PlannedOrder {
  patientEntry: number | null;
  patient: PatientSaveRequest | null;
  /** An existing patient named by reference (Patient/{id}) instead of an entry. */
  patientId: string | null;
  requests: { entry: number; labassayId: string; identifiers: { system: string; value: string }[] }[];
  hitan: boolean;
}

function entryPath(index: number, rest = ''): string {
  return `Bundle.entry[${index}].resource${rest ? `.${rest}` : ''}`;
}

function refusalText(code: MessageCode, params: Record<string, string> = {}): string {
  return message(code, 'en', params);
}

/** The intake fields of a FHIR Patient, checked by the intake's own schema; a problem names the Patient's element. */
function intakeFields(patient: Patient, index: number, jmbgSystem: string): PatientSaveRequest {
  const jmbg = patient.identifier?.find((identifier) => identifier.system === jmbgSystem)?.value;
  if (!jmbg) throw FhirError.unprocessable(`The patient needs an identifier with the system ${jmbgSystem} (the JMBG)`, entryPath(index, 'identifier'));
  const name = patient.name?.find((candidate) => candidate.use === 'official') ?? patient.name?.[0];
  const address = patient.address?.[0];
  const addressText = address?.text ?? [...(address?.line ?? []), address?.postalCode, address?.city].filter(Boolean).join(', ');
  const parsed = patientSaveRequest.safeParse({
    jmbg,
    ime: (name?.given ?? []).join(' '),
    prezime: name?.family ?? '',
    spol: patient.gender === 'male' ? 'MUŠKI' : patient.gender === 'female' ? 'ŽENSKI' : '',
    adresa: addressText,
    telefon: patient.telecom?.find((telecom) => telecom.system === 'phone')?.value ?? '',
    email: patient.telecom?.find((telecom) => telecom.system === 'email')?.value ?? '',
    // A hospital order has no symptom checklist: the patient is registered as without symptoms, as the Excel import does.
    symptoms: { pacijentbezsimptoma: true },
  });
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field = String(first.path[0] ?? '');
    const code = isMessageCode(first.message) ? first.message : 'form.invalid';
    throw FhirError.unprocessable(`${refusalText(code, { field })} (${field})`, entryPath(index, PATIENT_FIELD_PATHS[field] ?? field));
  }
  return parsed.data;
}

/** The lab assay a ServiceRequest's code names: by LOINC, else by the lab's own code. */
function assayOf(request: ServiceRequest, index: number, assays: { id: string; sifra: string; loinc: string | null }[]): string {
  const codings = request.code?.coding ?? [];
  for (const coding of codings) {
    if (!coding.code) continue;
    const match = coding.system === LOINC_SYSTEM ? assays.filter((assay) => assay.loinc === coding.code)
      : coding.system === ASSAY_CODE_SYSTEM ? assays.filter((assay) => assay.sifra === coding.code) : [];
    if (match.length === 1) return match[0]!.id;
  }
  const named = codings.map((coding) => `${coding.system ?? ''}|${coding.code ?? ''}`).join(', ');
  throw FhirError.unprocessable(`No enabled lab test (exactly one) has the code ${named || '(none)'}; codes are LOINC (${LOINC_SYSTEM}) or the lab's own (${ASSAY_CODE_SYSTEM})`, entryPath(index, 'code'));
}

async function plan(db: Db, bundle: Bundle, jmbgSystem: string): Promise<PlannedOrder> {
  const entries = bundle.entry ?? [];
  if (bundle.type !== 'transaction') throw FhirError.invalid('The bundle must be a transaction', 'Bundle.type');
  if (entries.length === 0) throw FhirError.invalid('The transaction has no entries', 'Bundle.entry');
  let patientEntry: number | null = null;
  let patientFullUrl: string | undefined;
  const requests: { index: number; resource: ServiceRequest }[] = [];
  entries.forEach((entry: BundleEntry, index) => {
    const resource = entry.resource;
    if (entry.request?.method !== 'POST') throw FhirError.invalid('Each entry of an order is a POST', `Bundle.entry[${index}].request.method`);
    if (resource?.resourceType === 'Patient') {
      if (patientEntry !== null) throw FhirError.unprocessable('An order has one patient', entryPath(index));
      patientEntry = index;
      patientFullUrl = entry.fullUrl;
    } else if (resource?.resourceType === 'ServiceRequest') {
      requests.push({ index, resource });
    } else {
      throw FhirError.unprocessable('An order carries a Patient and ServiceRequests only', entryPath(index, 'resourceType'));
    }
  });
  if (requests.length === 0) throw FhirError.unprocessable('The order names no test (ServiceRequest)', 'Bundle.entry');

  let patientId: string | null = null;
  for (const { index, resource } of requests) {
    const reference = resource.subject?.reference;
    if (!reference) throw FhirError.invalid('The ServiceRequest names no subject', entryPath(index, 'subject'));
    if (patientEntry !== null) {
      if (reference !== patientFullUrl) throw FhirError.unprocessable('The subject must be the order\'s Patient entry (its fullUrl)', entryPath(index, 'subject'));
    } else {
      const match = /^Patient\/([0-9a-f-]{36})$/i.exec(reference);
      if (!match || (patientId !== null && patientId !== match[1])) throw FhirError.unprocessable('Every ServiceRequest must name one known Patient/{id}', entryPath(index, 'subject'));
      patientId = match[1]!.toLowerCase();
    }
    if (resource.intent !== 'order' && resource.intent !== 'original-order') throw FhirError.unprocessable('The intent must be order', entryPath(index, 'intent'));
  }

  const codes = requests.flatMap(({ resource }) => resource.code?.coding ?? []);
  const assays = await repo.assaysByCodes(db, {
    loinc: codes.filter((coding) => coding.system === LOINC_SYSTEM && coding.code).map((coding) => coding.code!),
    sifra: codes.filter((coding) => coding.system === ASSAY_CODE_SYSTEM && coding.code).map((coding) => coding.code!),
  });
  const planned = requests.map(({ index, resource }) => ({
    entry: index,
    labassayId: assayOf(resource, index, assays),
    identifiers: (resource.identifier ?? []).filter((identifier) => identifier.value).map((identifier) => ({ system: identifier.system ?? '', value: identifier.value! })),
  }));
  const seen = new Set<string>();
  for (const request of planned) {
    if (seen.has(request.labassayId)) throw FhirError.unprocessable('The same test is ordered twice', entryPath(request.entry, 'code'));
    seen.add(request.labassayId);
  }
  const hitan = requests.some(({ resource }) => resource.priority === 'urgent' || resource.priority === 'stat' || resource.priority === 'asap');
  const patient = patientEntry === null ? null : intakeFields(entries[patientEntry]!.resource as Patient, patientEntry, jmbgSystem);
  return { patientEntry, patient, patientId, requests: planned, hitan };
}

/** An AppError of the intake services as an OperationOutcome naming where in the bundle it lies. */
function asFhirError(error: AppError, order: PlannedOrder): FhirError {
  const text = refusalText(error.code, error.params);
  const field = error.field ?? '';
  const expression = field === 'testovi' || field.startsWith('testovi') ? entryPath(order.requests[0]!.entry, 'code')
    : order.patientEntry !== null && PATIENT_FIELD_PATHS[field] ? entryPath(order.patientEntry, PATIENT_FIELD_PATHS[field])
      : 'Bundle';
  const status = error.status === 404 ? 422 : error.status >= 500 ? 500 : error.status === 403 ? 403 : error.status === 409 ? 409 : 422;
  return new FhirError(status, [issue(status === 403 ? 'forbidden' : status === 409 ? 'conflict' : 'processing', text, expression)]);
}

class RepeatedOrder extends Error {}

/**
 * POST /fhir/R4 with a transaction Bundle: the order's patient and sample, answered as a transaction-response
 * whose entries follow the request's (Patient 201 when registered, 200 when found; each ServiceRequest 201, or
 * 200 with the earlier sample when the order was already received). `channel`: where the order came from
 * (an HL7 order is read into the same Bundle by the hl7 module).
 */
export async function receiveOrderBundle(
  db: Db, ctx: RequestContext, body: unknown, base: string, channel: 'fhir' | 'hl7' = 'fhir',
): Promise<{ status: number; bundle: Bundle }> {
  if (typeof body !== 'object' || body === null || (body as Resource).resourceType !== 'Bundle') {
    throw FhirError.invalid('The body must be a FHIR Bundle of type transaction', 'Bundle');
  }
  const problems = validateFhirResource(body as Resource);
  if (problems.length > 0) throw new FhirError(400, problems);
  const bundle = body as Bundle;
  const jmbgSystem = (await labGeneralOptions(db)).fhirJmbgSystem;
  const order = await plan(db, bundle, jmbgSystem);
  const identifiers = order.requests.flatMap((request) => request.identifiers);

  const earlier = await earlierSample(db, ctx, identifiers);
  if (earlier) return { status: 200, bundle: await answer(db, ctx, bundle, order, earlier, { patientCreated: false, sampleCreated: false }, jmbgSystem, base) };

  try {
    const outcome = await db.transaction(async (tx) => {
      let patientId = order.patientId;
      let patientCreated = false;
      if (order.patient) {
        const existing = await patientByJmbg(tx, order.patient.jmbg);
        if (existing) {
          patientId = existing.id;
        } else {
          if (!allows(ctx, 'patients.write')) throw AppError.forbidden();
          const saved = await register(tx, ctx, order.patient);
          patientId = saved.pacijent._id;
          patientCreated = saved.kind === 'saved';
        }
      }
      if (!patientId) throw FhirError.unprocessable('The order names no patient', 'Bundle.entry');
      // The same request the intake screen sends, read by the same schema.
      const sample = await createSample(tx, ctx, sampleSaveRequest.parse({ pid: patientId, testovi: order.requests.map((request) => request.labassayId), hitan: order.hitan }));
      try {
        await repo.fhirRepository(tx, ctx.siteId).recordOrders(order.requests.flatMap((request) => request.identifiers.map((identifier) => ({
          ...identifier, labassayId: request.labassayId,
        }))), sample.uzorak._id, channel);
      } catch (error) {
        // The same order, received at the same moment by another request, was recorded first: this one creates nothing.
        if (isUniqueViolation(error, 'external_orders_site_identifier_key')) throw new RepeatedOrder();
        throw error;
      }
      return { sampleId: sample.uzorak._id, patientCreated };
    });
    return { status: 200, bundle: await answer(db, ctx, bundle, order, outcome.sampleId, { patientCreated: outcome.patientCreated, sampleCreated: true }, jmbgSystem, base) };
  } catch (error) {
    if (error instanceof RepeatedOrder || isUniqueViolation(error, 'external_orders_site_identifier_key')) {
      const repeated = await earlierSample(db, ctx, identifiers);
      if (repeated) return { status: 200, bundle: await answer(db, ctx, bundle, order, repeated, { patientCreated: false, sampleCreated: false }, jmbgSystem, base) };
    }
    if (error instanceof AppError) throw asFhirError(error, order);
    throw error;
  }
}

/** The sample an earlier order with any of these identifiers created at this site. */
async function earlierSample(db: Db, ctx: RequestContext, identifiers: readonly { system: string; value: string }[]): Promise<string | null> {
  const fhir = repo.fhirRepository(db, ctx.siteId);
  for (const identifier of identifiers) {
    const sampleId = await fhir.orderedSample(identifier.system, identifier.value);
    if (sampleId) return sampleId;
  }
  return null;
}

async function answer(
  db: Db, ctx: RequestContext, bundle: Bundle, order: PlannedOrder, sampleId: string,
  created: { patientCreated: boolean; sampleCreated: boolean }, jmbgSystem: string, base: string,
): Promise<Bundle> {
  const fhir = repo.fhirRepository(db, ctx.siteId);
  const [sample] = await fhir.samplesByIds([sampleId]);
  if (!sample) throw new Error('ordered sample not found');
  const [patientRow] = await repo.patientsByIds(db, [sample.patientId]);
  if (!patientRow) throw new Error('ordered sample without its patient');
  const tests = (await fhir.searchTests({ sampleIds: [sampleId] }, { count: 1000, offset: 0 })).rows;
  const orders = await fhir.ordersOfTests(tests.map((test) => test.id));
  const entries = (bundle.entry ?? []).map((entry, index): BundleEntry => {
    if (index === order.patientEntry) {
      const resource = patientResource(patientRow, jmbgSystem);
      return {
        fullUrl: `${base}/Patient/${resource.id}`, resource,
        response: { status: created.patientCreated ? '201 Created' : '200 OK', location: `Patient/${resource.id}` },
      };
    }
    const request = order.requests.find((candidate) => candidate.entry === index);
    const test = tests.find((candidate) => candidate.labassayId === request?.labassayId);
    if (!test) {
      return { response: { status: '200 OK', outcome: { resourceType: 'OperationOutcome', issue: [issue('not-found', 'This test is not on the earlier sample of the same order', entryPath(index), 'warning')] } } };
    }
    const resource = serviceRequestResource(test, sample, orders.get(test.id) ?? []);
    return {
      fullUrl: `${base}/ServiceRequest/${resource.id}`, resource,
      response: { status: created.sampleCreated ? '201 Created' : '200 OK', location: `ServiceRequest/${resource.id}` },
    };
  });
  // One entry per request entry, in order (FHIR's transaction-response); each ServiceRequest's requisition is the tube's code.
  return { resourceType: 'Bundle', type: 'transaction-response', entry: entries };
}
