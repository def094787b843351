/**
 * The inventory's calls, typed by their contracts in @lis/domain
 * (inventory/contracts.ts).
 */
import type {
  ConsumptionAnswer, ConsumptionRequest, ContractAnswer, ContractInput, ContractSavedAnswer, InventoryAlertsAnswer, OpenOrdersAnswer, OrderAnswer,
  OrderInput, OrderLinesRequest, OrderSavedAnswer, OrderSuggestionsAnswer, ProductContractsAnswer, ProductCreatedAnswer, ProductInput,
  ReadProductAnswer, ReceiptAnswer, ReceiptRequest, ReferenceEditAnswer, ReferenceEntry, ReferenceKind, SectionListAnswer, StockAnswer,
  SupplierListAnswer,
} from '@lis/domain';
import { api } from '../../api/client.ts';

export type {
  Contract, ContractListRow, InventoryAlert, MovementListRow, Order, OrderLine, OrderListRow, OrderStatus, OrderSuggestion, Product,
  ProductListRow, ReferenceEntry, ReferenceKind, StockProduct,
} from '@lis/domain';

export const PRODUCT_LIST_URL = '/inventar/produkti/list';
export const MOVEMENT_LIST_URL = '/inventar/kretanja/list';
export const CONTRACT_LIST_URL = '/inventar/ugovori/list';
export const ORDER_LIST_URL = '/inventar/narudzbe/list';

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
  suppliers: ['inventory', 'suppliers'] as const,
  contract: (id: string) => ['inventory', 'contract', id] as const,
  productContracts: (produkt: string | null) => ['inventory', 'product-contracts', produkt] as const,
  openOrders: (site: string, produkt: string | null) => ['inventory', 'open-orders', site, produkt] as const,
  order: (site: string, id: string) => ['inventory', 'order', site, id] as const,
  suggestions: (site: string) => ['inventory', 'suggestions', site] as const,
  alerts: (site: string) => ['inventory', 'alerts', site] as const,
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

export const suppliers = (signal?: AbortSignal) => api.get<SupplierListAnswer>('/inventar/dobavljaci', {}, { signal });
export const createContract = (ugovor: ContractInput) => api.post<ContractSavedAnswer>('/inventar/ugovori', { ugovor });
export const contract = (id: string, signal?: AbortSignal) => api.get<ContractAnswer>(`/inventar/ugovori/${id}`, {}, { signal });
export const productContracts = (produkt: string, signal?: AbortSignal) =>
  api.get<ProductContractsAnswer>('/inventar/ugovori/za-produkt', { produkt }, { signal });
export const openOrders = (produkt: string, signal?: AbortSignal) => api.get<OpenOrdersAnswer>('/inventar/narudzbe/otvorene', { produkt }, { signal });
export const orderSuggestions = (signal?: AbortSignal) => api.get<OrderSuggestionsAnswer>('/inventar/narudzbe/prijedlozi', {}, { signal });
export const order = (id: string, signal?: AbortSignal) => api.get<OrderAnswer>(`/inventar/narudzbe/${id}`, {}, { signal });
export const createOrder = (narudzba: OrderInput) => api.post<OrderSavedAnswer>('/inventar/narudzbe', { narudzba });
export const saveOrderLines = (id: string, body: OrderLinesRequest) => api.post<OrderSavedAnswer>(`/inventar/narudzbe/${id}/stavke`, { ...body });
export const orderStep = (id: string, step: 'posalji' | 'otkazi') => api.post<OrderSavedAnswer>(`/inventar/narudzbe/${id}/${step}`, {});
export const inventoryAlerts = (signal?: AbortSignal) => api.get<InventoryAlertsAnswer>('/inventar/upozorenja', {}, { signal });
export const orderPdf = (id: string) => api.file(`/inventar/narudzbe/${id}/pdf`);
