/**
 * The inventory's calls, typed by their contracts in @lis/domain
 * (inventory/contracts.ts).
 */
import type {
  ConsumptionRequest, ContractInput, OrderInput, OrderLinesRequest, ProductInput, ReceiptRequest, ReferenceEntry, ReferenceKind,
} from '@lis/domain';
import { call } from '../../api/client.ts';

export type {
  Contract, ContractListRow, InventoryAlert, MovementListRow, Order, OrderLine, OrderListRow, OrderStatus, OrderSuggestion, Product,
  ProductListRow, ReferenceEntry, ReferenceKind, StockProduct,
} from '@lis/domain';
import { inventoryContracts, inventorySupplyContracts } from '@lis/domain';

export const PRODUCT_LIST = inventoryContracts.productList;
export const MOVEMENT_LIST = inventoryContracts.movementList;
export const CONTRACT_LIST = inventorySupplyContracts.contractList;
export const ORDER_LIST = inventorySupplyContracts.orderList;

/** Each reference list's call and the field its answer carries the entries in (the spec's names). */
const REFERENCE_CALLS = {
  klasa: { call: inventoryContracts.listklasa, field: 'klase' },
  program: { call: inventoryContracts.listprogram, field: 'programi' },
  platforma: { call: inventoryContracts.listplatforma, field: 'platforme' },
  proizvodjac: { call: inventoryContracts.listproizvodjac, field: 'proizvodjaci' },
  oj: { call: inventoryContracts.listoj, field: 'list' },
} as const;

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
  const reference = REFERENCE_CALLS[kind];
  const answer: Record<string, unknown> = await call(reference.call, {}, { signal });
  return (answer[reference.field] as ReferenceEntry[] | undefined) ?? [];
}

export const saveReferenceEntry = (vrsta: ReferenceKind, element: { _id?: string; naziv: string }) =>
  call(inventoryContracts.referenceEdit, { body: { vrsta, element } });
export const readProduct = (LN: string, signal?: AbortSignal) => call(inventoryContracts.readProduct, { body: { LN } }, { signal });
export const createProduct = (produkt: ProductInput) => call(inventoryContracts.createProduct, { body: { produkt } });
export const stock = (produkt: string | null, signal?: AbortSignal) =>
  call(inventoryContracts.stock, { query: produkt ? { produkt } : {} }, { signal });
export const sections = (signal?: AbortSignal) => call(inventoryContracts.sections, {}, { signal });
export const receive = (body: ReceiptRequest) => call(inventoryContracts.receipt, { body: { ...body } });
export const consume = (body: ConsumptionRequest) => call(inventoryContracts.consumption, { body: { ...body } });

export const suppliers = (signal?: AbortSignal) => call(inventorySupplyContracts.suppliers, {}, { signal });
export const createContract = (ugovor: ContractInput) => call(inventorySupplyContracts.contractCreate, { body: { ugovor } });
export const contract = (id: string, signal?: AbortSignal) => call(inventorySupplyContracts.contractShow, { params: { id } }, { signal });
export const productContracts = (produkt: string, signal?: AbortSignal) =>
  call(inventorySupplyContracts.productContracts, { query: { produkt } }, { signal });
export const openOrders = (produkt: string, signal?: AbortSignal) => call(inventorySupplyContracts.openOrders, { query: { produkt } }, { signal });
export const orderSuggestions = (signal?: AbortSignal) => call(inventorySupplyContracts.suggestions, {}, { signal });
export const order = (id: string, signal?: AbortSignal) => call(inventorySupplyContracts.orderShow, { params: { id } }, { signal });
export const createOrder = (narudzba: OrderInput) => call(inventorySupplyContracts.orderCreate, { body: { narudzba } });
export const saveOrderLines = (id: string, body: OrderLinesRequest) => call(inventorySupplyContracts.orderLines, { params: { id }, body: { ...body } });
export const orderStep = (id: string, step: 'posalji' | 'otkazi') =>
  call(step === 'posalji' ? inventorySupplyContracts.orderSend : inventorySupplyContracts.orderCancel, { params: { id }, body: {} });
export const inventoryAlerts = (signal?: AbortSignal) => call(inventorySupplyContracts.alerts, {}, { signal });
export const orderPdf = (id: string) => call(inventorySupplyContracts.orderPdf, { params: { id } });
