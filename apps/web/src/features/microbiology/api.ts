/**
 * The microbiology calls as the culture screen uses them; request and answer types are the contracts of
 * @lis/domain (microbiology/contracts.ts), the schemas the server validates and serialises with.
 */
import type {
  AntibiogramPanel, AntimicrobialOption, CultureSaveRequest, Culture, CulturesAnswer, OrganismOption, PanelEditRequest, ReferenceGuideline,
  ReferenceImportRequest, ReferenceImportSummary, SampleStatus,
} from '@lis/domain';
import { api } from '../../api/client.ts';

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
  return api.get<CulturesAnswer>(`/mikrobiologija/kulture/${encodeURIComponent(sid)}`, {}, { signal });
}

export function saveCulture(body: CultureSaveRequest): Promise<{ status: SampleStatus; version: number; kultura: Culture }> {
  return api.post('/mikrobiologija/kulture/save', { ...body });
}

export async function searchOrganisms(query: string, signal?: AbortSignal): Promise<OrganismOption[]> {
  return (await api.get<{ organizmi: OrganismOption[] }>('/mikrobiologija/organizmi', { q: query }, { signal })).organizmi;
}

export async function searchAntimicrobials(query: string, signal?: AbortSignal): Promise<AntimicrobialOption[]> {
  return (await api.get<{ antibiotici: AntimicrobialOption[] }>('/mikrobiologija/antibiotici', { q: query }, { signal })).antibiotici;
}

export async function getPanels(signal?: AbortSignal): Promise<AntibiogramPanel[]> {
  return (await api.get<{ paneli: AntibiogramPanel[] }>('/mikrobiologija/paneli', {}, { signal })).paneli;
}

/** The panel of an isolate of organism `mo` in a culture of `materijal`; null when none applies. */
export async function choosePanel(mo: string, materijal: string, signal?: AbortSignal): Promise<AntibiogramPanel | null> {
  return (await api.get<{ panel: AntibiogramPanel | null }>('/mikrobiologija/paneli/izbor', { mo, materijal }, { signal })).panel;
}

export async function savePanel(body: PanelEditRequest): Promise<AntibiogramPanel> {
  return (await api.post<{ panel: AntibiogramPanel }>('/mikrobiologija/paneli/edit', { ...body })).panel;
}

export async function deletePanel(id: string): Promise<void> {
  await api.post('/mikrobiologija/paneli/delete', { _id: id });
}

export async function getReferenceSets(signal?: AbortSignal): Promise<ReferenceGuideline[]> {
  return (await api.get<{ setovi: ReferenceGuideline[] }>('/mikrobiologija/referentni-podaci', {}, { signal })).setovi;
}

export async function uploadReference(body: ReferenceImportRequest): Promise<ReferenceImportSummary> {
  return (await api.post<{ uvoz: ReferenceImportSummary }>('/mikrobiologija/referentni-podaci/import', { ...body })).uvoz;
}
