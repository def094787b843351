import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { useActiveSession } from '../auth/index.ts';
import { PRODUCT_LIST } from './api.ts';

/** Every product as a choice of the goods in and out forms: 'LN — opis', by LN. */
export function useProductChoices() {
  const session = useActiveSession();
  const query = useQuery({
    queryKey: ['inventory', 'product-choices', session.siteId],
    queryFn: ({ signal }) => call(PRODUCT_LIST, { query: { per_page: 0, sort: 'LN|asc' } }, { signal }),
  });
  return (query.data?.data ?? []).map((row) => ({ value: row._id, label: `${row.LN} — ${row.opis}` }));
}
