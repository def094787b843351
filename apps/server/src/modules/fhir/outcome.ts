import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

/** A refusal of the FHIR API: its HTTP status and the OperationOutcome issue that says why, naming the field. */
export class FhirError extends Error {
  readonly status: number;
  readonly issues: OperationOutcomeIssue[];

  constructor(status: number, issues: OperationOutcomeIssue[]) {
    super(issues[0]?.diagnostics ?? issues[0]?.details?.text ?? 'FHIR error');
    this.status = status;
    this.issues = issues;
  }

  /** 400: a parameter or element that does not parse; `expression` names it. */
  static invalid(text: string, expression?: string): FhirError {
    return new FhirError(400, [issue('invalid', text, expression)]);
  }

  static notFound(resourceType: string, id: string): FhirError {
    return new FhirError(404, [issue('not-found', `${resourceType}/${id} is not known`)]);
  }

  /** 422: the content is well-formed but the lab cannot act on it (an unknown test code, say). */
  static unprocessable(text: string, expression?: string): FhirError {
    return new FhirError(422, [issue('processing', text, expression)]);
  }
}

export function issue(code: OperationOutcomeIssue['code'], text: string, expression?: string, severity: OperationOutcomeIssue['severity'] = 'error'): OperationOutcomeIssue {
  return { severity, code, diagnostics: text, details: { text }, ...(expression ? { expression: [expression] } : {}) };
}

export function operationOutcome(issues: OperationOutcomeIssue[]): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: issues };
}
