import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { useActiveSession } from '../auth/index.ts';
import { PRODUCT_LIST } from './api.ts';

/** Every product as a choice of the goods in and out forms: 'LN — opis', by LN. */
export function useProductChoices() {
  return useProducts().choices;
}

/** The product choices, and whether the site has no product at all yet (known once the list has loaded). */
export function useProducts(): { choices: { value: string; label: string }[]; none: boolean } {
  const session = useActiveSession();
  const query = useQuery({
    queryKey: ['inventory', 'product-choices', session.siteId],
    queryFn: ({ signal }) => call(PRODUCT_LIST, { query: { per_page: 0, sort: 'LN|asc' } }, { signal }),
  });
  const rows = query.data?.data;
  return { choices: (rows ?? []).map((row) => ({ value: row._id, label: `${row.LN} — ${row.opis}` })), none: rows !== undefined && rows.length === 0 };
}
