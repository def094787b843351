/**
 * Every site of the lab (the settings' site list, all rows): the choices of a
 * user's sites and the codes the history shows for site ids.
 */
import { useQuery } from '@tanstack/react-query';
import { ALL_ROWS } from '@lis/domain';
import { call } from '../../api/client.ts';
import { SITE_LIST } from './api.ts';

export const ALL_SITES_KEY = ['postavke', 'all-sites'] as const;

export function useAllSites() {
  return useQuery({
    queryKey: ALL_SITES_KEY,
    queryFn: ({ signal }) => call(SITE_LIST, { query: { per_page: ALL_ROWS, sort: 'sifra|asc' } }, { signal }),
    select: (answer) => answer.data,
  });
}
