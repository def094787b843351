/**
 * The microbiology calls as the culture screen uses them; request and answer types are the contracts of
 * @lis/domain (microbiology/contracts.ts), the schemas the server validates and serialises with.
 */
import type {
  AntibiogramPanel, AntimicrobialOption, CultureSaveRequest, Culture, CulturesAnswer, OrganismOption, PanelEditRequest,
  ReferenceGuideline, ReferenceImportRequest, ReferenceImportSummary, SampleStatus,
} from '@lis/domain';
import { call } from '../../api/client.ts';
import { microbiologyContracts, panelContracts, referenceContracts } from '@lis/domain';

export type { AntibiogramPanel, AntibiogramRow, AntimicrobialOption, Culture, CultureTest, CulturesAnswer, Isolate, OrganismOption } from '@lis/domain';

/**
 * A sample's cultures sit under the results' key of the sample (['results', sid]), so whatever refreshes the
 * sample's results (a save, approval, verification) refreshes its cultures too.
 */
export const microbiologyKeys = {
  cultures: (sid: string) => ['results', sid, 'cultures'] as const,
  /** Whether the sample has culture tests (the result screen's link): it changes only with the sample's tests. */
  hasCultures: (sid: string) => ['microbiology', sid, 'has-cultures'] as const,
  organisms: (query: string) => ['microbiology', 'organisms', query] as const,
  antimicrobials: (query: string) => ['microbiology', 'antimicrobials', query] as const,
  /** The panels; an isolate's panel choice sits under it, so a panel saved refreshes the choices. */
  panels: ['microbiology', 'panels'] as const,
  panelChoice: (mo: string, materijal: string) => ['microbiology', 'panels', 'choice', mo, materijal] as const,
  referenceSets: ['microbiology', 'reference-sets'] as const,
};

export function getCultures(sid: string, signal?: AbortSignal): Promise<CulturesAnswer> {
  return call(microbiologyContracts.cultures, { params: { sid } }, { signal });
}

export function saveCulture(body: CultureSaveRequest): Promise<{ status: SampleStatus; version: number; kultura: Culture }> {
  return call(microbiologyContracts.save, { body: { ...body } });
}

export async function searchOrganisms(query: string, signal?: AbortSignal): Promise<OrganismOption[]> {
  return (await call(microbiologyContracts.organisms, { query: { q: query } }, { signal })).organizmi;
}

export async function searchAntimicrobials(query: string, signal?: AbortSignal): Promise<AntimicrobialOption[]> {
  return (await call(microbiologyContracts.antimicrobials, { query: { q: query } }, { signal })).antibiotici;
}

export async function getPanels(signal?: AbortSignal): Promise<AntibiogramPanel[]> {
  return (await call(panelContracts.list, {}, { signal })).paneli;
}

/** The panel of an isolate of organism `mo` in a culture of `materijal`; null when none applies. */
export async function choosePanel(mo: string, materijal: string, signal?: AbortSignal): Promise<AntibiogramPanel | null> {
  return (await call(panelContracts.choice, { query: { mo, materijal } }, { signal })).panel;
}

export async function savePanel(body: PanelEditRequest): Promise<AntibiogramPanel> {
  return (await call(panelContracts.edit, { body: { ...body } })).panel;
}

export async function deletePanel(id: string): Promise<void> {
  await call(panelContracts.remove, { body: { _id: id } });
}

export async function getReferenceSets(signal?: AbortSignal): Promise<ReferenceGuideline[]> {
  return (await call(referenceContracts.list, {}, { signal })).setovi;
}

export async function uploadReference(body: ReferenceImportRequest): Promise<ReferenceImportSummary> {
  return (await call(referenceContracts.upload, { body: { ...body } })).uvoz;
}
