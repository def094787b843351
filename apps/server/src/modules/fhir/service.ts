import type {
  Bundle, BundleEntry, BundleLink, CapabilityStatement, DiagnosticReport, Observation, Patient, Resource, ServiceRequest, Specimen,
} from '@medplum/fhirtypes';
import { SAMPLE_STATUSES } from '@lis/domain';
import type { OruResult } from '@lis/analyser-protocols';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { labGeneralOptions } from '../general-options/service.ts';
import { logPatientView } from '../patients/service.ts';
import {
  diagnosticReportResource, observationResource, parseReportId, patientResource, serviceRequestResource, specimenResource, ucumOf,
} from './resources.ts';
import * as repo from './repository.ts';
import { FhirError } from './outcome.ts';
import { calendarDatesOf, datesOf, idsOf, namesOf, pageOf, readParameters, tokensOf, type RawQuery } from './search.ts';

export { receiveOrderBundle } from './orders.ts';
export { FhirError, operationOutcome, issue } from './outcome.ts';
export { ASSAY_CODE_SYSTEM } from './resources.ts';

/** The identifier system of orders that came over HL7 (`urn:lis:hl7:placer:<sending facility>`), value `<placer number>^<test code>`. */
export const HL7_PLACER_SYSTEM = 'urn:lis:hl7:placer:';

// The FHIR R4 API's reads and searches. Patients are the lab's (every site sees them, as in the rest of the
// API); samples, their tests and report versions are read through the site-bound repository, so another
// site's resource answers 404 and is never in a search.

export const RESOURCE_TYPES = ['Patient', 'ServiceRequest', 'Specimen', 'Observation', 'DiagnosticReport'] as const;
export type FhirResourceType = (typeof RESOURCE_TYPES)[number];

/** The search parameters each resource supports besides _id, _lastUpdated, _count and _offset. */
export const SEARCH_PARAMETERS: Record<FhirResourceType, readonly { name: string; type: 'token' | 'string' | 'date' | 'reference'; doc: string }[]> = {
  Patient: [
    { name: 'identifier', type: 'token', doc: 'The JMBG: system|value, or the bare value' },
    { name: 'name', type: 'string', doc: 'Start of the given or family name (case and diacritics ignored)' },
    { name: 'birthdate', type: 'date', doc: 'Birth date, with the prefixes eq, ge, gt, le, lt' },
  ],
  ServiceRequest: [
    { name: 'subject', type: 'reference', doc: 'Patient/{id}' },
    { name: 'patient', type: 'reference', doc: 'Patient/{id} or {id}' },
    { name: 'specimen', type: 'reference', doc: 'Specimen/{id} or {id}' },
    { name: 'date', type: 'date', doc: 'The sample\'s collection time' },
    { name: 'status', type: 'token', doc: 'active | completed' },
  ],
  Specimen: [
    { name: 'subject', type: 'reference', doc: 'Patient/{id}' },
    { name: 'patient', type: 'reference', doc: 'Patient/{id} or {id}' },
    { name: 'identifier', type: 'token', doc: 'The sample code on the tube' },
    { name: 'date', type: 'date', doc: 'Collection time' },
    { name: 'status', type: 'token', doc: 'available (received by the lab) | unavailable' },
  ],
  Observation: [
    { name: 'subject', type: 'reference', doc: 'Patient/{id}' },
    { name: 'patient', type: 'reference', doc: 'Patient/{id} or {id}' },
    { name: 'specimen', type: 'reference', doc: 'Specimen/{id} or {id}' },
    { name: 'date', type: 'date', doc: 'The sample\'s collection time' },
    { name: 'status', type: 'token', doc: 'preliminary | final | corrected' },
  ],
  DiagnosticReport: [
    { name: 'subject', type: 'reference', doc: 'Patient/{id}' },
    { name: 'patient', type: 'reference', doc: 'Patient/{id} or {id}' },
    { name: 'specimen', type: 'reference', doc: 'Specimen/{id} or {id}' },
    { name: 'date', type: 'date', doc: 'The sample\'s collection time' },
    { name: 'status', type: 'token', doc: 'partial | final | corrected' },
  ],
};

/** The JMBG's identifier system the lab set (general options), `urn:lis:jmbg` by default. */
export async function jmbgSystem(db: Db): Promise<string> {
  return (await labGeneralOptions(db)).fhirJmbgSystem;
}

/** GET /fhir/R4/metadata: exactly what this server supports. */
export function capabilityStatement(base: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-28',
    kind: 'instance',
    software: { name: 'LIS' },
    implementation: { description: 'Laboratory information system FHIR R4 API', url: base },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [{
      mode: 'server',
      security: { description: 'A session token as Authorization: Bearer {token}; the site in the x-site header (else the session\'s site). Another site\'s resources answer 404.' },
      interaction: [{ code: 'transaction' }],
      resource: RESOURCE_TYPES.map((type) => ({
        type,
        interaction: [{ code: 'read' as const }, { code: 'search-type' as const }],
        searchParam: [
          { name: '_id', type: 'token' as const },
          { name: '_lastUpdated', type: 'date' as const },
          ...SEARCH_PARAMETERS[type].map((parameter) => ({ name: parameter.name, type: parameter.type, documentation: parameter.doc })),
        ],
      })),
    }],
  };
}

/** The patient ids a search names through `subject` and `patient` (both ANDed). */
function patientIdsOf(parameters: Map<string, string[]>): string[] | undefined {
  const subject = idsOf(parameters, 'subject', 'Patient');
  const patient = idsOf(parameters, 'patient', 'Patient');
  if (subject && patient) return subject.filter((id) => patient.includes(id));
  return subject ?? patient;
}

function commonCriteria(parameters: Map<string, string[]>): repo.SampleCriteria {
  const patientIds = patientIdsOf(parameters);
  const specimen = idsOf(parameters, 'specimen', 'Specimen');
  const dates = datesOf(parameters, 'date');
  const lastUpdated = datesOf(parameters, '_lastUpdated');
  return {
    ...(patientIds ? { patientIds } : {}), ...(specimen ? { sampleIds: specimen } : {}), ...(dates ? { dates } : {}), ...(lastUpdated ? { lastUpdated } : {}),
  };
}

const VERIFIED = 'VERIFICIRAN';
const NOT_VERIFIED = SAMPLE_STATUSES.filter((status) => status !== VERIFIED);

interface Found<T extends Resource> { resources: T[]; total: number }

async function patientsFound(db: Db, parameters: Map<string, string[]>, page: repo.Page): Promise<Found<Patient>> {
  const system = await jmbgSystem(db);
  const criteria: repo.PatientCriteria = {};
  const ids = idsOf(parameters, '_id');
  if (ids) criteria.ids = ids;
  const identifiers = parameters.get('identifier');
  if (identifiers) {
    // system|value, |value (no system) or value alone; another system than the JMBG's finds nothing.
    const values = identifiers.map((token) => {
      const bar = token.indexOf('|');
      if (bar === -1) return token;
      return token.slice(0, bar) === system || token.slice(0, bar) === '' ? token.slice(bar + 1) : null;
    });
    if (values.some((value) => value === null) || new Set(values).size > 1) return { resources: [], total: 0 };
    criteria.jmbg = values[0]!;
  }
  const names = namesOf(parameters);
  if (names) criteria.names = names;
  const birthDates = calendarDatesOf(parameters, 'birthdate');
  if (birthDates) criteria.birthDates = birthDates;
  const lastUpdated = datesOf(parameters, '_lastUpdated');
  if (lastUpdated) criteria.lastUpdated = lastUpdated;
  const { rows, total } = await repo.searchPatients(db, criteria, page);
  return { resources: rows.map((row) => patientResource(row, system)), total };
}

async function specimensFound(db: Db, ctx: RequestContext, parameters: Map<string, string[]>, page: repo.Page): Promise<Found<Specimen>> {
  const fhir = repo.fhirRepository(db, ctx.siteId);
  const criteria = commonCriteria(parameters);
  const ids = idsOf(parameters, '_id');
  if (ids) criteria.sampleIds = ids;
  const statuses = tokensOf(parameters, 'status', ['available', 'unavailable']);
  if (statuses) {
    if (statuses.length === 0) return { resources: [], total: 0 };
    if (statuses.length === 1) criteria.received = statuses[0] === 'available';
  }
  const codes = parameters.get('identifier')?.map((token) => token.slice(token.indexOf('|') + 1));
  if (codes) criteria.codes = codes;
  const { rows, total } = await fhir.searchSamples(criteria, page);
  const tests = await fhir.searchTests({ sampleIds: rows.map((row) => row.id) }, { count: 10_000, offset: 0 });
  return {
    resources: rows.map((sample) => specimenResource(sample, tests.rows.filter((test) => test.sampleId === sample.id).map((test) => test.id))),
    total,
  };
}

async function testsFound(db: Db, ctx: RequestContext, parameters: Map<string, string[]>, page: repo.Page, observations: boolean) {
  const fhir = repo.fhirRepository(db, ctx.siteId);
  const criteria: repo.TestCriteria = { ...commonCriteria(parameters), withResult: observations };
  const ids = idsOf(parameters, '_id');
  if (ids) criteria.testIds = ids;
  if (observations) {
    const statuses = tokensOf(parameters, 'status', ['preliminary', 'final', 'corrected']);
    if (statuses) criteria.observationStatuses = statuses as ('preliminary' | 'final' | 'corrected')[];
  } else {
    const statuses = tokensOf(parameters, 'status', ['active', 'completed']);
    if (statuses) {
      criteria.sampleStatuses = [...(statuses.includes('active') ? NOT_VERIFIED : []), ...(statuses.includes('completed') ? [VERIFIED] : [])];
    }
  }
  const { rows, total } = await fhir.searchTests(criteria, page);
  const samples = new Map((await fhir.samplesByIds([...new Set(rows.map((row) => row.sampleId))])).map((sample) => [sample.id, sample]));
  return { rows, total, samples, fhir };
}

async function serviceRequestsFound(db: Db, ctx: RequestContext, parameters: Map<string, string[]>, page: repo.Page): Promise<Found<ServiceRequest>> {
  const { rows, total, samples, fhir } = await testsFound(db, ctx, parameters, page, false);
  const orders = await fhir.ordersOfTests(rows.map((row) => row.id));
  return { resources: rows.map((test) => serviceRequestResource(test, samples.get(test.sampleId)!, orders.get(test.id) ?? [])), total };
}

async function observationsFound(db: Db, ctx: RequestContext, parameters: Map<string, string[]>, page: repo.Page): Promise<Found<Observation>> {
  const { rows, total, samples } = await testsFound(db, ctx, parameters, page, true);
  return { resources: rows.map((test) => observationResource(test, samples.get(test.sampleId)!)), total };
}

async function reportsFound(db: Db, ctx: RequestContext, parameters: Map<string, string[]>, page: repo.Page): Promise<Found<DiagnosticReport>> {
  const fhir = repo.fhirRepository(db, ctx.siteId);
  const criteria: repo.ReportCriteria = commonCriteria(parameters);
  const ids = idsOf(parameters, '_id');
  if (ids) criteria.versions = ids.map(parseReportId).filter((version) => version !== null);
  const statuses = tokensOf(parameters, 'status', ['partial', 'final', 'corrected']);
  if (statuses) {
    if (statuses.length === 0) return { resources: [], total: 0 };
    criteria.reportStatuses = statuses as ('partial' | 'final' | 'corrected')[];
  }
  const { rows, total } = await fhir.searchReports(criteria, page);
  const sampleIds = [...new Set(rows.map((row) => row.sampleId))];
  const [samples, results] = await Promise.all([fhir.samplesByIds(sampleIds), fhir.resultTestIdsOfSamples(sampleIds)]);
  const sampleById = new Map(samples.map((sample) => [sample.id, sample]));
  return {
    resources: rows.map((report) => diagnosticReportResource(
      // A partial report carries the results released with their sections; a whole one every result.
      report, sampleById.get(report.sampleId)!,
      results.filter((result) => result.sampleId === report.sampleId && (!report.partial || result.released)).map((result) => result.id),
    )),
    total,
  };
}

function found(db: Db, ctx: RequestContext, type: FhirResourceType, parameters: Map<string, string[]>, page: repo.Page): Promise<Found<Resource>> {
  switch (type) {
    case 'Patient': return patientsFound(db, parameters, page);
    case 'Specimen': return specimensFound(db, ctx, parameters, page);
    case 'ServiceRequest': return serviceRequestsFound(db, ctx, parameters, page);
    case 'Observation': return observationsFound(db, ctx, parameters, page);
    case 'DiagnosticReport': return reportsFound(db, ctx, parameters, page);
  }
}

/** GET /fhir/R4/{type}/{id}: one resource; another site's or a missing one is 404. A patient read is logged as any patient view. */
export async function readResource(db: Db, ctx: RequestContext, type: FhirResourceType, id: string): Promise<Resource> {
  if (!/^[A-Za-z0-9\-.]{1,64}$/.test(id)) throw FhirError.invalid('The id is not a FHIR id', 'id');
  const { resources } = await found(db, ctx, type, new Map([['_id', [id]]]), { count: 1, offset: 0 });
  const resource = resources[0];
  if (!resource) throw FhirError.notFound(type, id);
  if (type === 'Patient') await logPatientView(db, ctx, id);
  return resource;
}

/** GET /fhir/R4/{type}?…: a searchset Bundle with the total and self/next/previous links; _count is capped. */
export async function searchResources(db: Db, ctx: RequestContext, type: FhirResourceType, query: RawQuery, base: string): Promise<Bundle> {
  const parameters = readParameters(query, SEARCH_PARAMETERS[type].map((parameter) => parameter.name));
  const page = pageOf(parameters);
  const { resources, total } = await found(db, ctx, type, parameters, page);
  const link = (relation: string, offset: number): BundleLink => {
    const search = new URLSearchParams();
    for (const [name, values] of parameters) {
      if (name === '_offset' || name === '_count') continue;
      for (const value of values) search.append(name, value);
    }
    search.set('_count', String(page.count));
    search.set('_offset', String(offset));
    return { relation, url: `${base}/${type}?${search.toString()}` };
  };
  const links = [link('self', page.offset)];
  if (page.count > 0 && page.offset + page.count < total) links.push(link('next', page.offset + page.count));
  if (page.offset > 0) links.push(link('previous', Math.max(0, page.offset - page.count)));
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: links,
    entry: resources.map((resource): BundleEntry => ({ fullUrl: `${base}/${type}/${resource.id}`, resource, search: { mode: 'match' } })),
  };
}

// ---------------------------------------------------------------------------
// Results out over HL7 v2: what an ORU^R01 of a verified sample carries
// ---------------------------------------------------------------------------

/** A verified sample's results as an ORU^R01 carries them (the hl7 module builds and queues the message). */
export interface SampleResultMessage {
  sample: { id: string; code: string; partnerId: string | null; collectedAt: Date; verifiedAt: Date | null };
  patient: { jmbg: string; family: string; given: string; birthDate: string | null; sex: 'M' | 'F' | 'U' };
  /** The sender's order number (a FHIR ServiceRequest or HL7 placer order number), '' when the lab took the order itself. */
  placerNumber: string;
  results: OruResult[];
}

function referenceRangeText(referenca: repo.TestRow['referenca']): string {
  if (!referenca) return '';
  const { low, high, tekst } = referenca;
  if (low !== null && high !== null) return `${low}-${high}`;
  if (low !== null) return `>${low}`;
  if (high !== null) return `<${high}`;
  return tekst ?? '';
}

function oruResult(test: repo.TestRow, status: 'F' | 'C'): OruResult {
  const unit = test.referenca?.jedinica || test.jedinica;
  const numeric = test.vrsta === 'numeric' && test.rezultatF !== null && Number.isFinite(Number(test.rezultatF));
  return {
    valueType: test.vrsta === 'qualitative' ? 'CWE' : numeric ? 'NM' : 'ST',
    code: { loinc: test.loinc, sifra: test.sifra, naziv: test.naziv },
    value: numeric ? test.rezultatF! : test.rezultat ?? '',
    units: { text: unit, ucum: unit ? ucumOf(unit) : null },
    referenceRange: referenceRangeText(test.referenca),
    abnormalFlag: test.flag ?? '',
    status,
    observedAt: test.unioAt,
  };
}

/** The ordering partner of a site's sample (null: none, or no such sample): read before any message is built for it. */
/** Who ordered the site's sample: its partner (id) and its referring location (the name on the sample; '' none). */
export async function sampleOrderers(db: Db | Tx, siteId: string, sampleId: string): Promise<{ partnerId: string | null; lokacija: string } | null> {
  const [sample] = await repo.fhirRepository(db, siteId).samplesByIds([sampleId]);
  return sample ? { partnerId: sample.partnerId, lokacija: sample.lokacija } : null;
}

/**
 * The sample of the site with its patient and its results (tests with a result, in the report's order),
 * read in `db` (the verification's transaction when called from it); null when the site has no such sample.
 */
export async function sampleResultMessage(db: Db | Tx, siteId: string, sampleId: string, status: 'F' | 'C'): Promise<SampleResultMessage | null> {
  const fhir = repo.fhirRepository(db, siteId);
  const [sample] = await fhir.samplesByIds([sampleId]);
  if (!sample) return null;
  const [[patient], tests] = await Promise.all([
    repo.patientsByIds(db, [sample.patientId]),
    fhir.searchTests({ sampleIds: [sample.id], withResult: true }, { count: 10_000, offset: 0 }),
  ]);
  if (!patient) return null;
  // The report's order, the same on every message of the sample: by the assay's place, then its code.
  const rows = [...tests.rows].sort((a, b) => a.redoslijed - b.redoslijed || a.sifra.localeCompare(b.sifra));
  const orders = await fhir.ordersOfTests(rows.map((test) => test.id));
  // An HL7 order's identifier is its placer number with the test's code (`NAL-100^14749-6`): the ORC carries the placer number.
  const first = [...orders.values()].flat()[0];
  const placerNumber = !first ? '' : first.system.startsWith(HL7_PLACER_SYSTEM) ? first.value.slice(0, Math.max(0, first.value.lastIndexOf('^'))) || first.value : first.value;
  return {
    sample: { id: sample.id, code: sample.code, partnerId: sample.partnerId, collectedAt: sample.datum, verifiedAt: sample.verifiedAt },
    patient: {
      jmbg: patient.jmbg, family: patient.prezime, given: patient.ime, birthDate: patient.datumRodjenja,
      sex: patient.spol === 'MUŠKI' ? 'M' : patient.spol === 'ŽENSKI' ? 'F' : 'U',
    },
    placerNumber,
    results: rows.map((test) => oruResult(test, status)),
  };
}
