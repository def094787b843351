/**
 * The microbiology calls as the culture screen uses them; request and answer types are the contracts of
 * @lis/domain (microbiology/contracts.ts), the schemas the server validates and serialises with.
 */
import type { AntimicrobialOption, CultureSaveRequest, Culture, CulturesAnswer, OrganismOption, SampleStatus } from '@lis/domain';
import { api } from '../../api/client.ts';

export type { AntibiogramRow, AntimicrobialOption, Culture, CultureTest, CulturesAnswer, Isolate, OrganismOption } from '@lis/domain';

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
