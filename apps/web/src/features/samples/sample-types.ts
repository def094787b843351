/** The lab's sample types (GET /api/uzorci/tipovi) for the new-sample form; they change rarely, so one load per session is enough. */
import { useQuery } from '@tanstack/react-query';
import type { SampleTypeEntry, SampleTypesAnswer } from '@lis/domain';
import { api } from '../../api/client.ts';
import { sampleKeys } from './api.ts';

export function useSampleTypes(): { tipovi: SampleTypeEntry[]; loading: boolean; failed: boolean } {
  const query = useQuery({
    queryKey: [...sampleKeys.all, 'types'] as const,
    queryFn: async ({ signal }) => (await api.get<SampleTypesAnswer>('/uzorci/tipovi', {}, { signal })).tipovi,
    staleTime: Infinity,
  });
  return { tipovi: query.data ?? [], loading: query.isPending, failed: query.isError };
}
