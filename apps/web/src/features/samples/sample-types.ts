/** The lab's sample types (GET /api/uzorci/tipovi) for the new-sample form; they change rarely, so one load per session is enough. */
import { useQuery } from '@tanstack/react-query';
import type { SampleTypeEntry } from '@lis/domain';
import { call } from '../../api/client.ts';
import { sampleKeys } from './api.ts';
import { sampleTypesContract } from '@lis/domain';

export function useSampleTypes(): { tipovi: SampleTypeEntry[]; loading: boolean; failed: boolean } {
  const query = useQuery({
    queryKey: [...sampleKeys.all, 'types'] as const,
    queryFn: async ({ signal }) => (await call(sampleTypesContract, {}, { signal })).tipovi,
    staleTime: Infinity,
  });
  return { tipovi: query.data ?? [], loading: query.isPending, failed: query.isError };
}
