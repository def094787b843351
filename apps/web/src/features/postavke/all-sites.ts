/**
 * Every site of the lab (the settings' site list, all rows): the choices of a
 * user's sites and the codes the history shows for site ids.
 */
import { useQuery } from '@tanstack/react-query';
import { ALL_ROWS, type ListAnswer } from '@lis/domain';
import { api } from '../../api/client.ts';
import { SITE_LIST_URL, type SiteListRow } from './api.ts';

export const ALL_SITES_KEY = ['postavke', 'all-sites'] as const;

export function useAllSites() {
  return useQuery({
    queryKey: ALL_SITES_KEY,
    queryFn: ({ signal }) => api.get<ListAnswer<SiteListRow>>(SITE_LIST_URL, { per_page: ALL_ROWS, sort: 'sifra|asc' }, { signal }),
    select: (answer) => answer.data,
  });
}
