import { z } from 'zod';
import { daySchema, failureResponses, fileAnswer, instantSchema, pathParam, pdfBytesSchema, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { MAX_MOVEMENT_QUANTITY } from './contracts.ts';
import { ORDER_STATUSES } from './orders.ts';
import { defineCall } from '../call.ts';

/**
 * Contracts of the supply calls (/api/inventar/ugovori..., /narudzbe...,
 * /dobavljaci, /upozorenja): supplier contracts, purchase orders and the
 * inventory alerts of the bell.
 */

const requiredText = (max: number) => z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(max, { error: 'form.invalid' });
const optionalText = (max: number) => z.string({ error: 'form.invalid' }).trim().max(max, { error: 'form.invalid' }).default('');
const quantity = z.number({ error: 'form.required' }).int({ error: 'form.invalid' }).min(1, { error: 'form.invalid' })
  .max(MAX_MOVEMENT_QUANTITY, { error: 'form.invalid' });
/** A unit price in KM: at most two decimals. */
const price = z.number({ error: 'form.required' }).min(0, { error: 'form.invalid' }).max(1_000_000, { error: 'form.invalid' })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: 'form.invalid' });
/** Money as answers carry it: exact decimal text ('12.50'). */
const moneyText = z.string();
const idParams = z.object({ id: pathParam('The record\'s id (uuid).') });

/** A supplier: a partner whose roles include 'dobavljac'. */
export const supplierSchema = z.object({ _id: z.string(), naziv: z.string() });
export type Supplier = z.output<typeof supplierSchema>;
export const supplierListAnswer = successAnswer({ dobavljaci: z.array(supplierSchema) });
export type SupplierListAnswer = z.output<typeof supplierListAnswer>;

/** POST /api/inventar/ugovori: a contract with a supplier and its products. */
export const contractInputSchema = z.object({
  dobavljac: z.uuid({ error: 'form.required' }),
  broj: requiredText(60),
  vazi_od: z.iso.date({ error: 'form.required' }),
  vazi_do: z.iso.date({ error: 'form.required' }),
  napomena: optionalText(300),
  stavke: z.array(z.object({ produkt: z.uuid({ error: 'form.required' }), cijena: price, kolicina: quantity }), { error: 'form.required' })
    .min(1, { error: 'inventory.contractLinesRequired' }).max(500, { error: 'form.invalid' }),
}).refine((contract) => contract.vazi_do >= contract.vazi_od, { error: 'inventory.contractDates', path: ['vazi_do'] });
export type ContractInput = z.input<typeof contractInputSchema>;
export const contractCreateRequest = z.object({ ugovor: contractInputSchema, ...sessionFields });

/** A contract line with what has been received against it (summed from the ledger) and what remains. */
export const contractLineSchema = z.object({
  _id: z.string(),
  produkt: z.string(),
  LN: z.string(),
  opis: z.string(),
  cijena: moneyText,
  kolicina: z.number().int(),
  primljeno: z.number().int(),
  preostalo: z.number().int(),
});
export const contractSchema = z.object({
  _id: z.string(),
  broj: z.string(),
  dobavljac: supplierSchema,
  vazi_od: daySchema,
  vazi_do: daySchema,
  napomena: z.string(),
  /** Valid today (the site's day): between vazi_od and vazi_do, both included. */
  vazeci: z.boolean(),
  stavke: z.array(contractLineSchema),
  created_at: instantSchema,
});
export type Contract = z.output<typeof contractSchema>;
export const contractAnswer = successAnswer({ ugovor: contractSchema });
export type ContractAnswer = z.output<typeof contractAnswer>;
export const contractSavedAnswer = successAnswer({ message: z.string(), ugovor: contractSchema });
export type ContractSavedAnswer = z.output<typeof contractSavedAnswer>;

export const contractListRow = z.object({
  _id: z.string(),
  broj: z.string(),
  dobavljac: z.string(),
  vazi_od: daySchema,
  vazi_do: daySchema,
  stavki: z.number().int(),
  ugovoreno: z.number().int(),
  primljeno: z.number().int(),
  created_at: instantSchema,
});
export type ContractListRow = z.output<typeof contractListRow>;

/** GET /api/inventar/ugovori/za-produkt: the valid contracts that still have some of the product to deliver. */
export const productContractSchema = z.object({
  _id: z.string(),
  broj: z.string(),
  dobavljac: supplierSchema,
  stavka: z.string(),
  cijena: moneyText,
  preostalo: z.number().int(),
  vazi_do: daySchema,
});
export type ProductContract = z.output<typeof productContractSchema>;
export const productContractsAnswer = successAnswer({ ugovori: z.array(productContractSchema) });
export type ProductContractsAnswer = z.output<typeof productContractsAnswer>;
export const productQuery = z.object({ produkt: z.uuid({ error: 'form.invalid' }), ...sessionFields });

export const orderStatusSchema = z.enum(ORDER_STATUSES);

const orderLineInput = z.object({
  produkt: z.uuid({ error: 'form.required' }),
  kolicina: quantity,
  /** The unit price when the product is not on the order's contract (the contract's price wins where it is). */
  cijena: price.nullable().default(null),
});
export const orderLinesInput = z.array(orderLineInput, { error: 'form.required' })
  .min(1, { error: 'inventory.orderLinesRequired' }).max(500, { error: 'form.invalid' });

/** POST /api/inventar/narudzbe: a draft order to a supplier, optionally under one of its valid contracts. */
export const orderInputSchema = z.object({
  dobavljac: z.uuid({ error: 'form.required' }),
  ugovor: z.uuid({ error: 'form.invalid' }).nullable().default(null),
  napomena: optionalText(300),
  stavke: orderLinesInput,
});
export type OrderInput = z.input<typeof orderInputSchema>;
export const orderCreateRequest = z.object({ narudzba: orderInputSchema, ...sessionFields });
/** POST /api/inventar/narudzbe/:id/stavke: the draft's lines (and note) replaced. */
export const orderLinesRequest = z.object({ stavke: orderLinesInput, napomena: optionalText(300), ...sessionFields });
export type OrderLinesRequest = z.input<typeof orderLinesRequest>;

export const orderLineSchema = z.object({
  _id: z.string(),
  produkt: z.string(),
  LN: z.string(),
  opis: z.string(),
  jedinica_mjere: z.string(),
  kolicina: z.number().int(),
  cijena: moneyText.nullable(),
  /** Under the order's contract (its price). */
  ugovorena: z.boolean(),
  primljeno: z.number().int(),
  preostalo: z.number().int(),
});
export type OrderLine = z.output<typeof orderLineSchema>;
export const orderSchema = z.object({
  _id: z.string(),
  broj: z.string(),
  status: orderStatusSchema,
  dobavljac: supplierSchema,
  ugovor: z.object({ _id: z.string(), broj: z.string() }).nullable(),
  napomena: z.string(),
  kreirao: z.string(),
  stavke: z.array(orderLineSchema),
  /** Sum of the priced lines (KM); null when no line has a price. */
  ukupno: moneyText.nullable(),
  created_at: instantSchema,
  sent_at: instantSchema.nullable(),
});
export type Order = z.output<typeof orderSchema>;
export const orderAnswer = successAnswer({ narudzba: orderSchema });
export type OrderAnswer = z.output<typeof orderAnswer>;
export const orderSavedAnswer = successAnswer({ message: z.string(), narudzba: orderSchema });
export type OrderSavedAnswer = z.output<typeof orderSavedAnswer>;

export const orderListRow = z.object({
  _id: z.string(),
  broj: z.string(),
  status: orderStatusSchema,
  dobavljac: z.string(),
  ugovor: z.string().nullable(),
  stavki: z.number().int(),
  created_at: instantSchema,
});
export type OrderListRow = z.output<typeof orderListRow>;
export const orderListQuery = listQuerySchema.extend({ status: orderStatusSchema.optional() });

/** GET /api/inventar/narudzbe/prijedlozi: products under their level at the site, with what to order and from which contract. */
export const orderSuggestionSchema = z.object({
  produkt: z.string(),
  LN: z.string(),
  opis: z.string(),
  jedinica_mjere: z.string(),
  ukupno: z.number().int(),
  nivo: z.number().int(),
  /** Still to come on the site's sent orders. */
  naruceno: z.number().int(),
  kolicina: z.number().int(),
  /** The cheapest valid contract with enough of the product left (its price), or null. */
  ugovor: productContractSchema.nullable(),
});
export type OrderSuggestion = z.output<typeof orderSuggestionSchema>;
export const orderSuggestionsAnswer = successAnswer({ prijedlozi: z.array(orderSuggestionSchema) });
export type OrderSuggestionsAnswer = z.output<typeof orderSuggestionsAnswer>;

/** GET /api/inventar/narudzbe/otvorene: the site's sent orders still awaiting the product. */
export const openOrderSchema = z.object({ _id: z.string(), broj: z.string(), dobavljac: z.string(), preostalo: z.number().int() });
export type OpenOrder = z.output<typeof openOrderSchema>;
export const openOrdersAnswer = successAnswer({ narudzbe: z.array(openOrderSchema) });
export type OpenOrdersAnswer = z.output<typeof openOrdersAnswer>;

/** Socket event to a site whose stock moved (goods in or out): alerts are read again. It carries no data. */
export const INVENTORY_CHANGED_EVENT = 'inventory:changed';

/** An inventory alert of the site: a product under its level, or a lot with stock expiring within its warning days or expired. */
export const inventoryAlertSchema = z.object({
  /** Stable while the condition lasts: 'nisko:<product id>' or 'rok:<lot id>'. */
  id: z.string(),
  vrsta: z.enum(['nisko', 'rok', 'istekao']),
  produkt: z.string(),
  LN: z.string(),
  opis: z.string(),
  ukupno: z.number().int(),
  nivo: z.number().int(),
  lot: z.string().nullable(),
  rok_trajanja: daySchema.nullable(),
  dana: z.number().int().nullable(),
});
export type InventoryAlert = z.output<typeof inventoryAlertSchema>;
export const inventoryAlertsAnswer = successAnswer({ upozorenja: z.array(inventoryAlertSchema) });
export type InventoryAlertsAnswer = z.output<typeof inventoryAlertsAnswer>;

const session = z.object(sessionFields);
export const inventorySupplyContracts = {
  suppliers: defineCall({
    method: 'GET', path: '/inventar/dobavljaci', permission: 'inventory.read',
    querystring: session, response: { 200: supplierListAnswer, ...failureResponses },
  }),
  contractCreate: defineCall({
    method: 'POST', path: '/inventar/ugovori', permission: 'inventory.write',
    body: contractCreateRequest, response: { 201: contractSavedAnswer, ...failureResponses },
  }),
  contractList: defineCall({
    method: 'GET', path: '/inventar/ugovori/list', permission: 'inventory.read',
    querystring: listQuerySchema, response: { 200: listAnswerSchema(contractListRow), ...failureResponses },
  }),
  contractShow: defineCall({
    method: 'GET', path: '/inventar/ugovori/:id', permission: 'inventory.read',
    params: idParams, querystring: session, response: { 200: contractAnswer, ...failureResponses },
  }),
  productContracts: defineCall({
    method: 'GET', path: '/inventar/ugovori/za-produkt', permission: 'inventory.read',
    querystring: productQuery, response: { 200: productContractsAnswer, ...failureResponses },
  }),
  orderCreate: defineCall({
    method: 'POST', path: '/inventar/narudzbe', permission: 'inventory.write',
    body: orderCreateRequest, response: { 201: orderSavedAnswer, ...failureResponses },
  }),
  orderLines: defineCall({
    method: 'POST', path: '/inventar/narudzbe/:id/stavke', permission: 'inventory.write',
    params: idParams, body: orderLinesRequest, response: { 200: orderSavedAnswer, ...failureResponses },
  }),
  orderSend: defineCall({
    method: 'POST', path: '/inventar/narudzbe/:id/posalji', permission: 'inventory.write',
    params: idParams, body: z.object(sessionFields).optional(), response: { 200: orderSavedAnswer, ...failureResponses },
  }),
  orderCancel: defineCall({
    method: 'POST', path: '/inventar/narudzbe/:id/otkazi', permission: 'inventory.write',
    params: idParams, body: z.object(sessionFields).optional(), response: { 200: orderSavedAnswer, ...failureResponses },
  }),
  orderShow: defineCall({
    method: 'GET', path: '/inventar/narudzbe/:id', permission: 'inventory.read',
    params: idParams, querystring: session, response: { 200: orderAnswer, ...failureResponses },
  }),
  orderList: defineCall({
    method: 'GET', path: '/inventar/narudzbe/list', permission: 'inventory.read',
    querystring: orderListQuery, response: { 200: listAnswerSchema(orderListRow), ...failureResponses },
  }),
  orderPdf: defineCall({
    method: 'GET', path: '/inventar/narudzbe/:id/pdf', permission: 'inventory.read',
    params: idParams, querystring: session,
    response: { 200: fileAnswer('application/pdf', 'The purchase order as PDF.', pdfBytesSchema), ...failureResponses },
  }),
  suggestions: defineCall({
    method: 'GET', path: '/inventar/narudzbe/prijedlozi', permission: 'inventory.read',
    querystring: session, response: { 200: orderSuggestionsAnswer, ...failureResponses },
  }),
  openOrders: defineCall({
    method: 'GET', path: '/inventar/narudzbe/otvorene', permission: 'inventory.read',
    querystring: productQuery, response: { 200: openOrdersAnswer, ...failureResponses },
  }),
  alerts: defineCall({
    method: 'GET', path: '/inventar/upozorenja', permission: 'inventory.read',
    querystring: session, response: { 200: inventoryAlertsAnswer, ...failureResponses },
  }),
} as const;
