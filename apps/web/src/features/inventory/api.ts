/**
 * The inventory's calls, typed by their contracts in @lis/domain
 * (inventory/contracts.ts).
 */
import type {
  ConsumptionAnswer, ConsumptionRequest, ProductCreatedAnswer, ProductInput, ReadProductAnswer, ReceiptAnswer, ReceiptRequest,
  ReferenceEditAnswer, ReferenceEntry, ReferenceKind, SectionListAnswer, StockAnswer,
} from '@lis/domain';
import { api } from '../../api/client.ts';

export type { MovementListRow, Product, ProductListRow, ReferenceEntry, ReferenceKind, StockProduct } from '@lis/domain';

export const PRODUCT_LIST_URL = '/inventar/produkti/list';
export const MOVEMENT_LIST_URL = '/inventar/kretanja/list';

/** Each reference list's call and the field its answer carries the entries in (the spec's names). */
const REFERENCE_CALLS: Record<ReferenceKind | 'oj', { path: string; field: string }> = {
  klasa: { path: '/inventar/listklasa', field: 'klase' },
  program: { path: '/inventar/listprogram', field: 'programi' },
  platforma: { path: '/inventar/listplatforma', field: 'platforme' },
  proizvodjac: { path: '/inventar/listproizvodjac', field: 'proizvodjaci' },
  oj: { path: '/inventar/listoj', field: 'list' },
};

export const inventoryKeys = {
  all: ['inventory'] as const,
  reference: (kind: ReferenceKind | 'oj', site: string) => ['inventory', 'reference', kind, site] as const,
  stock: (site: string, produkt: string | null) => ['inventory', 'stock', site, produkt] as const,
  sections: ['inventory', 'sections'] as const,
};

export async function referenceList(kind: ReferenceKind | 'oj', signal?: AbortSignal): Promise<ReferenceEntry[]> {
  const call = REFERENCE_CALLS[kind];
  const answer = await api.get<Record<string, ReferenceEntry[]>>(call.path, {}, { signal });
  return answer[call.field] ?? [];
}

export const saveReferenceEntry = (vrsta: ReferenceKind, element: { _id?: string; naziv: string }) =>
  api.post<ReferenceEditAnswer>('/inventar/lista/edit', { vrsta, element });
export const readProduct = (LN: string, signal?: AbortSignal) => api.post<ReadProductAnswer>('/inventar/readprodukt', { LN }, { signal });
export const createProduct = (produkt: ProductInput) => api.post<ProductCreatedAnswer>('/inventar/createprodukt', { produkt });
export const stock = (produkt: string | null, signal?: AbortSignal) =>
  api.get<StockAnswer>('/inventar/stanje', produkt ? { produkt } : {}, { signal });
export const sections = (signal?: AbortSignal) => api.get<SectionListAnswer>('/inventar/sekcije', {}, { signal });
export const receive = (body: ReceiptRequest) => api.post<ReceiptAnswer>('/inventar/ulaz', { ...body });
export const consume = (body: ConsumptionRequest) => api.post<ConsumptionAnswer>('/inventar/izlaz', { ...body });
