import type {
  CodeableConcept, Coding, DiagnosticReport, Observation, ObservationReferenceRange, Patient, Quantity, ServiceRequest, Specimen,
} from '@medplum/fhirtypes';
import { LOINC_SYSTEM, QUALITATIVE_NEGATIVE, QUALITATIVE_POSITIVE } from '@lis/domain';
import type { PatientRow, ReportRow, SampleRow, TestRow } from './repository.ts';

// The lab's rows as FHIR R4 resources. Pure: the service reads the rows and hands them here.

/** The lab's own code system: an assay's code (sifra). */
export const ASSAY_CODE_SYSTEM = 'urn:lis:assay';
/** The sample code printed on the tube (accession number). */
export const SAMPLE_CODE_SYSTEM = 'urn:lis:sample';
/** The default identifier system of the JMBG (personal identification number); the lab may set another. */
export const DEFAULT_JMBG_SYSTEM = 'urn:lis:jmbg';
const UCUM = 'http://unitsofmeasure.org';
const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
const SNOMED = 'http://snomed.info/sct';

/** The lab's units as UCUM codes; a unit not named here is sent as text only. */
const UCUM_CODES: Readonly<Record<string, string>> = {
  'mmol/L': 'mmol/L', 'µmol/L': 'umol/L', 'umol/L': 'umol/L', 'nmol/L': 'nmol/L', 'pmol/L': 'pmol/L', 'mol/L': 'mol/L',
  'g/L': 'g/L', 'mg/L': 'mg/L', 'µg/L': 'ug/L', 'ug/L': 'ug/L', 'ng/L': 'ng/L', 'g/dL': 'g/dL', 'mg/dL': 'mg/dL',
  'U/L': 'U/L', 'kU/L': 'kU/L', 'IU/L': '[IU]/L', 'mIU/L': 'm[IU]/L', 'kIU/L': 'k[IU]/L', 'IU/mL': '[IU]/mL', 'mIU/mL': 'm[IU]/mL',
  '%': '%', 'fL': 'fL', 'pg': 'pg', 'L/L': 'L/L', 'mm/h': 'mm/h', 's': 's', 'mOsm/kg': 'mosm/kg',
  'x10^9/L': '10*9/L', 'x10^12/L': '10*12/L', '10^9/L': '10*9/L', '10^12/L': '10*12/L',
  'mL/min/1,73 m²': 'mL/min/{1.73_m2}', 'mL/min/1.73 m²': 'mL/min/{1.73_m2}',
};

/** The UCUM code of a unit as the lab writes it, or null when it has none known. */
export function ucumOf(unit: string): string | null {
  return UCUM_CODES[unit.trim()] ?? null;
}

function quantity(value: number, unit: string): Quantity {
  const code = ucumOf(unit);
  if (unit.trim() === '') return { value };
  return code ? { value, unit, system: UCUM, code } : { value, unit };
}

export function patientResource(row: PatientRow, jmbgSystem: string): Patient {
  const telecom = [
    ...(row.telefon.trim() ? [{ system: 'phone' as const, value: row.telefon.trim() }] : []),
    ...(row.email.trim() ? [{ system: 'email' as const, value: row.email.trim() }] : []),
  ];
  return {
    resourceType: 'Patient',
    id: row.id,
    meta: { lastUpdated: row.updatedAt.toISOString() },
    identifier: [{ use: 'official', system: jmbgSystem, value: row.jmbg }],
    name: [{ use: 'official', family: row.prezime, given: [row.ime] }],
    gender: row.spol === 'MUŠKI' ? 'male' : row.spol === 'ŽENSKI' ? 'female' : 'unknown',
    ...(row.datumRodjenja ? { birthDate: row.datumRodjenja } : {}),
    ...(telecom.length > 0 ? { telecom } : {}),
    ...(row.adresa.trim() ? { address: [{ text: row.adresa.trim() }] } : {}),
  };
}

/** An assay as a FHIR code: its LOINC code where it has one, and always the lab's own code. */
export function assayCode(test: Pick<TestRow, 'sifra' | 'naziv' | 'loinc'>): CodeableConcept {
  const coding: Coding[] = [];
  if (test.loinc) coding.push({ system: LOINC_SYSTEM, code: test.loinc });
  coding.push({ system: ASSAY_CODE_SYSTEM, code: test.sifra, display: test.naziv });
  return { coding, text: test.naziv };
}

const sampleIdentifier = (sample: SampleRow) => ({ system: SAMPLE_CODE_SYSTEM, value: sample.code });

/** Specimen: the tube, its code as the accession identifier; available once the lab received it. */
export function specimenResource(sample: SampleRow, testIds: readonly string[]): Specimen {
  return {
    resourceType: 'Specimen',
    id: sample.id,
    meta: { lastUpdated: sample.updatedAt.toISOString() },
    identifier: [sampleIdentifier(sample)],
    accessionIdentifier: sampleIdentifier(sample),
    status: sample.receivedAt ? 'available' : 'unavailable',
    ...(sample.type.trim() ? { type: { text: sample.type.trim() } } : {}),
    subject: { reference: `Patient/${sample.patientId}` },
    ...(sample.receivedAt ? { receivedTime: sample.receivedAt.toISOString() } : {}),
    ...(testIds.length > 0 ? { request: testIds.map((id) => ({ reference: `ServiceRequest/${id}` })) } : {}),
    collection: { collectedDateTime: sample.datum.toISOString() },
  };
}

/** The ServiceRequest status of a sample's test: completed once the sample is verified. */
export function serviceRequestStatus(sample: Pick<SampleRow, 'status'>): 'active' | 'completed' {
  return sample.status === 'VERIFICIRAN' ? 'completed' : 'active';
}

/** ServiceRequest: one ordered test of a sample; the sample's code is the requisition that groups them. */
export function serviceRequestResource(test: TestRow, sample: SampleRow, senderIdentifiers: readonly { system: string; value: string }[]): ServiceRequest {
  return {
    resourceType: 'ServiceRequest',
    id: test.id,
    meta: { lastUpdated: test.updatedAt.toISOString() },
    ...(senderIdentifiers.length > 0 ? { identifier: senderIdentifiers.map((identifier) => identifier.system ? identifier : { value: identifier.value }) } : {}),
    requisition: sampleIdentifier(sample),
    status: serviceRequestStatus(sample),
    intent: 'order',
    category: [{ coding: [{ system: SNOMED, code: '108252007', display: 'Laboratory procedure' }] }],
    priority: sample.hitan ? 'urgent' : 'routine',
    code: assayCode(test),
    subject: { reference: `Patient/${sample.patientId}` },
    authoredOn: sample.createdAt.toISOString(),
    specimen: [{ reference: `Specimen/${sample.id}` }],
  };
}

/** The Observation status of a sample's results: preliminary before verification, final, corrected after a corrected report. */
export function observationStatus(sample: Pick<SampleRow, 'status' | 'corrected'>): 'preliminary' | 'final' | 'corrected' {
  if (sample.status !== 'VERIFICIRAN') return 'preliminary';
  return sample.corrected ? 'corrected' : 'final';
}

const INTERPRETATIONS: Readonly<Record<string, string>> = {
  L: 'Low', H: 'High', LL: 'Critical low', HH: 'Critical high', A: 'Abnormal', N: 'Normal',
};

function referenceRange(test: TestRow): ObservationReferenceRange[] {
  const range = test.referenca;
  if (!range) return [];
  const unit = range.jedinica || test.jedinica;
  const low = range.low === null ? undefined : Number(range.low);
  const high = range.high === null ? undefined : Number(range.high);
  const entry: ObservationReferenceRange = {
    ...(low !== undefined && Number.isFinite(low) ? { low: quantity(low, unit) } : {}),
    ...(high !== undefined && Number.isFinite(high) ? { high: quantity(high, unit) } : {}),
    ...(range.tekst ? { text: range.tekst } : {}),
  };
  return Object.keys(entry).length > 0 ? [entry] : [];
}

function qualitativeValue(rezultat: string): CodeableConcept {
  if (rezultat === QUALITATIVE_NEGATIVE) return { coding: [{ system: SNOMED, code: '260385009', display: 'Negative' }], text: rezultat };
  if (rezultat.startsWith(QUALITATIVE_POSITIVE)) return { coding: [{ system: SNOMED, code: '10828004', display: 'Positive' }], text: rezultat };
  return { text: rezultat };
}

/** Observation: one result of a sample's test (the test must have a result). */
export function observationResource(test: TestRow, sample: SampleRow): Observation {
  const rezultat = test.rezultat ?? '';
  const number = test.rezultatF === null ? null : Number(test.rezultatF);
  const value: Pick<Observation, 'valueQuantity' | 'valueString' | 'valueCodeableConcept'> =
    test.vrsta === 'qualitative' ? { valueCodeableConcept: qualitativeValue(rezultat) }
      : test.vrsta === 'numeric' && number !== null && Number.isFinite(number) ? { valueQuantity: quantity(number, test.referenca?.jedinica || test.jedinica) }
        : { valueString: rezultat };
  const interpretation = test.flag && INTERPRETATIONS[test.flag]
    ? [{ coding: [{ system: INTERPRETATION_SYSTEM, code: test.flag, display: INTERPRETATIONS[test.flag] }] }] : [];
  const ranges = referenceRange(test);
  return {
    resourceType: 'Observation',
    id: test.id,
    meta: { lastUpdated: test.updatedAt.toISOString() },
    basedOn: [{ reference: `ServiceRequest/${test.id}` }],
    status: observationStatus(sample),
    category: [{ coding: [{ system: CATEGORY_SYSTEM, code: 'laboratory', display: 'Laboratory' }] }],
    code: assayCode(test),
    subject: { reference: `Patient/${sample.patientId}` },
    effectiveDateTime: sample.datum.toISOString(),
    ...(test.unioAt ? { issued: test.unioAt.toISOString() } : {}),
    ...value,
    ...(interpretation.length > 0 ? { interpretation } : {}),
    specimen: { reference: `Specimen/${sample.id}` },
    ...(ranges.length > 0 ? { referenceRange: ranges } : {}),
  };
}

/** A DiagnosticReport's id: the sample and the report version (`<sample id>-<version>`). */
export function reportId(sampleId: string, verzija: number): string {
  return `${sampleId}-${verzija}`;
}

/** The sample and version a DiagnosticReport id names, or null when it names none. */
export function parseReportId(id: string): { sampleId: string; verzija: number } | null {
  const match = /^([0-9a-f-]{36})-(\d{1,6})$/i.exec(id);
  return match ? { sampleId: match[1]!.toLowerCase(), verzija: Number(match[2]) } : null;
}

/** DiagnosticReport: one issued version of a sample's result report, its PDFs (every language issued) as presentedForm. */
export function diagnosticReportResource(report: ReportRow, sample: SampleRow, resultIds: readonly string[]): DiagnosticReport {
  return {
    resourceType: 'DiagnosticReport',
    id: reportId(report.sampleId, report.verzija),
    meta: { lastUpdated: report.issuedAt.toISOString() },
    identifier: [{ system: SAMPLE_CODE_SYSTEM, value: `${sample.code}/${report.verzija}` }],
    basedOn: resultIds.map((id) => ({ reference: `ServiceRequest/${id}` })),
    status: report.corrected ? 'corrected' : report.partial ? 'partial' : 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] }],
    code: { coding: [{ system: LOINC_SYSTEM, code: '11502-2', display: 'Laboratory report' }], text: 'Laboratory report' },
    subject: { reference: `Patient/${sample.patientId}` },
    effectiveDateTime: sample.datum.toISOString(),
    issued: report.issuedAt.toISOString(),
    specimen: [{ reference: `Specimen/${sample.id}` }],
    result: resultIds.map((id) => ({ reference: `Observation/${id}` })),
    presentedForm: report.forms.map((form) => ({
      contentType: 'application/pdf', language: form.jezik, data: form.pdf.toString('base64'),
      title: `${sample.code} v${report.verzija} (${form.jezik})`, creation: report.issuedAt.toISOString(),
    })),
  };
}
