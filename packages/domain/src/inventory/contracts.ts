import { z } from 'zod';
import { daySchema, failureAnswer, failureResponses, instantSchema, sessionFields, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import {
  DEFAULT_DANADOROKA, DEFAULT_NIVO, LN_MAX_LENGTH, LN_MIN_LENGTH, MAX_DANADOROKA, OPIS_MIN_LENGTH, PRODUCT_COUNTRIES, PRODUCT_UNITS,
  REFERENCE_KINDS,
} from './product.ts';
import { defineCall } from '../call.ts';

/**
 * Contracts of the inventory calls (/api/inventar/...): the spec's reference
 * lists, readprodukt and createprodukt, and the products list, goods in,
 * goods out, stock and movements this build adds.
 */

const requiredText = (max: number) => z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(max, { error: 'form.invalid' });
const optionalText = (max: number) => z.string({ error: 'form.invalid' }).trim().max(max, { error: 'form.invalid' }).default('');
const optionalId = z.uuid({ error: 'form.invalid' }).nullable().default(null);
/** Whole packages: receipts and consumptions are counted in them. */
export const MAX_MOVEMENT_QUANTITY = 100_000;
const quantitySchema = z.number({ error: 'form.required' }).int({ error: 'form.invalid' }).min(1, { error: 'form.invalid' })
  .max(MAX_MOVEMENT_QUANTITY, { error: 'form.invalid' });

/** An entry of a reference list (klasa, program, platforma, proizvođač) or of OJ (a site). */
export const referenceEntrySchema = z.object({ naziv: z.string(), _id: z.string() });
export type ReferenceEntry = z.output<typeof referenceEntrySchema>;

export const referenceKindSchema = z.enum(REFERENCE_KINDS, { error: 'form.invalid' });

/** POST /api/inventar/lista/edit: adds an entry (without `_id`) or renames one (with it). */
export const referenceEditRequest = z.object({
  vrsta: referenceKindSchema,
  element: z.object({ _id: z.uuid({ error: 'form.invalid' }).optional(), naziv: requiredText(100) }),
  ...sessionFields,
});
export const referenceEditAnswer = successAnswer({ message: z.string(), element: referenceEntrySchema });
export type ReferenceEditAnswer = z.output<typeof referenceEditAnswer>;

/** The product as 'Unos produkta' sends it. LN and opis at least 3 characters; LN, opis, sadrzaj and jedinica_mjere required. */
export const productInputSchema = z.object({
  LN: requiredText(LN_MAX_LENGTH).refine((value) => value.length >= LN_MIN_LENGTH, { error: 'inventory.lnTooShort' }),
  opis: requiredText(200).refine((value) => value.length >= OPIS_MIN_LENGTH, { error: 'inventory.opisTooShort' }),
  zasticeni_naziv: optionalText(200),
  zemlja_porijekla: z.union([z.enum(PRODUCT_COUNTRIES), z.literal('')], { error: 'form.invalid' }).default(''),
  jedinica_mjere: z.enum(PRODUCT_UNITS, { error: (issue) => (issue.input === undefined || issue.input === '' ? 'form.required' : 'form.invalid') }),
  pakovanje: optionalText(100),
  /** Content of one package, in jedinica_mjere. */
  sadrzaj: z.number({ error: 'form.required' }).positive({ error: 'form.invalid' }).max(1_000_000, { error: 'form.invalid' }),
  upozorenje: optionalText(500),
  nivo: z.number({ error: 'form.invalid' }).int({ error: 'form.invalid' }).min(0, { error: 'form.invalid' })
    .max(MAX_MOVEMENT_QUANTITY, { error: 'form.invalid' }).default(DEFAULT_NIVO),
  danadoroka: z.number({ error: 'form.invalid' }).int({ error: 'form.invalid' }).min(0, { error: 'form.invalid' })
    .max(MAX_DANADOROKA, { error: 'form.invalid' }).default(DEFAULT_DANADOROKA),
  klasa: optionalId,
  program: optionalId,
  platforma: optionalId,
  proizvodjac: optionalId,
  /** Organisational unit: one of the caller's sites; the site worked on when left out. */
  oj: z.uuid({ error: 'form.invalid' }).optional(),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

export const createProductRequest = z.object({ produkt: productInputSchema, ...sessionFields });

/** A product as its calls answer it. */
export const productSchema = z.object({
  _id: z.string(),
  LN: z.string(),
  opis: z.string(),
  zasticeni_naziv: z.string(),
  zemlja_porijekla: z.string(),
  jedinica_mjere: z.string(),
  pakovanje: z.string(),
  sadrzaj: z.number(),
  upozorenje: z.string(),
  nivo: z.number().int(),
  danadoroka: z.number().int(),
  klasa: z.string().nullable(),
  program: z.string().nullable(),
  platforma: z.string().nullable(),
  proizvodjac: z.string().nullable(),
  oj: z.string(),
  created_at: instantSchema,
});
export type Product = z.output<typeof productSchema>;

export const productCreatedAnswer = successAnswer({ produkt: productSchema });
export type ProductCreatedAnswer = z.output<typeof productCreatedAnswer>;
/** 409 'Uneseni LN je već registriran!' with the registered product, so the dialog can name it and offer 'Prijem'. */
export const productDuplicateAnswer = failureAnswer.extend({ produkt: productSchema.optional() });
export type ProductDuplicateAnswer = z.output<typeof productDuplicateAnswer>;

/** POST /api/inventar/readprodukt: the product registered under an LN (case and surrounding spaces ignored), or null. */
export const readProductRequest = z.object({ LN: requiredText(LN_MAX_LENGTH), ...sessionFields });
export const readProductAnswer = successAnswer({ produkt: productSchema.nullable() });
export type ReadProductAnswer = z.output<typeof readProductAnswer>;

/** A row of the products list (/inventar/produkti): names of the reference entries and the stock at the site. */
export const productListRow = z.object({
  _id: z.string(),
  LN: z.string(),
  opis: z.string(),
  zasticeni_naziv: z.string(),
  jedinica_mjere: z.string(),
  sadrzaj: z.number(),
  pakovanje: z.string(),
  nivo: z.number().int(),
  danadoroka: z.number().int(),
  klasa: z.string().nullable(),
  proizvodjac: z.string().nullable(),
  oj: z.string(),
  stanje: z.number().int(),
  created_at: instantSchema,
});
export type ProductListRow = z.output<typeof productListRow>;

/** POST /api/inventar/ulaz: a receipt of `kolicina` packages of one lot. The same lot number again adds to that lot. */
export const receiptRequest = z.object({
  produkt: z.uuid({ error: 'form.required' }),
  lot: requiredText(60),
  rok_trajanja: z.iso.date({ error: 'form.required' }),
  kolicina: quantitySchema,
  napomena: optionalText(300),
  /** The supplier contract the goods are delivered under: the receipt counts against its line for the product. */
  ugovor: z.uuid({ error: 'form.invalid' }).optional(),
  /** The purchase order (sent) the goods arrive for: the receipt counts against its line, and its contract's. */
  narudzba: z.uuid({ error: 'form.invalid' }).optional(),
  ...sessionFields,
});
export type ReceiptRequest = z.input<typeof receiptRequest>;

/** A lot at the site with its stock (the sum of its movements). */
export const lotSchema = z.object({
  _id: z.string(),
  lot: z.string(),
  rok_trajanja: daySchema,
  kolicina: z.number().int(),
  /** Past its expiry, within the product's warning days (danadoroka), or fine. */
  rok: z.enum(['expired', 'expiring', 'ok']),
  dana: z.number().int(),
});
export type Lot = z.output<typeof lotSchema>;

export const receiptAnswer = successAnswer({ message: z.string(), lot: lotSchema });
/** Refused because more is received than a contract or an order still has: `preostalo` is what it has. */
export const exceededAnswer = failureAnswer.extend({ preostalo: z.number().int().optional() });
export type ReceiptAnswer = z.output<typeof receiptAnswer>;

/** POST /api/inventar/izlaz: consumption by a lab section; without `lot` the first-expiring usable lots are taken. */
export const consumptionRequest = z.object({
  produkt: z.uuid({ error: 'form.required' }),
  kolicina: quantitySchema,
  sekcija: z.uuid({ error: 'form.required' }),
  lot: z.uuid({ error: 'form.invalid' }).optional(),
  napomena: optionalText(300),
  ...sessionFields,
});
export type ConsumptionRequest = z.input<typeof consumptionRequest>;
export const consumptionAnswer = successAnswer({
  message: z.string(),
  izdano: z.array(z.object({ _id: z.string(), lot: z.string(), kolicina: z.number().int() })),
});
export type ConsumptionAnswer = z.output<typeof consumptionAnswer>;
/** 409 when the stock does not cover the consumption: `dostupno` is what could be taken. */
export const insufficientStockAnswer = failureAnswer.extend({ dostupno: z.number().int().optional() });

/** A product's stock at the site with its lots and alerts. */
export const stockProductSchema = z.object({
  _id: z.string(),
  LN: z.string(),
  opis: z.string(),
  jedinica_mjere: z.string(),
  sadrzaj: z.number(),
  nivo: z.number().int(),
  danadoroka: z.number().int(),
  ukupno: z.number().int(),
  /** Stock under the product's level (nivo). */
  nisko: z.boolean(),
  lotovi: z.array(lotSchema),
});
export type StockProduct = z.output<typeof stockProductSchema>;

export const stockQuery = z.object({ produkt: z.uuid({ error: 'form.invalid' }).optional(), ...sessionFields });
export const stockAnswer = successAnswer({
  /** The site's today, against which expiry is judged. */
  danas: daySchema,
  produkti: z.array(stockProductSchema),
  upozorenja: z.object({ nisko: z.number().int(), rok: z.number().int() }),
});
export type StockAnswer = z.output<typeof stockAnswer>;

/** A row of the movements list: receipts (+) and consumptions (−) at the site, newest first. */
export const movementListRow = z.object({
  _id: z.string(),
  vrsta: z.enum(['ulaz', 'izlaz']),
  kolicina: z.number().int(),
  LN: z.string(),
  opis: z.string(),
  lot: z.string(),
  rok_trajanja: daySchema,
  sekcija: z.string().nullable(),
  napomena: z.string(),
  korisnik: z.string(),
  created_at: instantSchema,
});
export type MovementListRow = z.output<typeof movementListRow>;
export const movementListQuery = listQuerySchema.extend({ vrsta: z.enum(['ulaz', 'izlaz'], { error: 'form.invalid' }).optional() });

/** A lab section consumption can be booked to. */
export const sectionEntrySchema = z.object({ _id: z.string(), naziv: z.string() });
export const sectionListAnswer = successAnswer({ sekcije: z.array(sectionEntrySchema) });
export type SectionListAnswer = z.output<typeof sectionListAnswer>;

const referenceList = <Key extends string>(key: Key) => ({
  querystring: z.object(sessionFields),
  response: { 200: successAnswer({ [key]: z.array(referenceEntrySchema) } as Record<Key, z.ZodArray<typeof referenceEntrySchema>>), ...failureResponses },
});

export const inventoryContracts = {
  listklasa: defineCall({ method: 'GET', path: '/inventar/listklasa', permission: 'inventory.read', ...referenceList('klase') }),
  listprogram: defineCall({ method: 'GET', path: '/inventar/listprogram', permission: 'inventory.read', ...referenceList('programi') }),
  listplatforma: defineCall({
    method: 'GET', path: '/inventar/listplatforma', permission: 'inventory.read',
    ...referenceList('platforme'),
  }),
  listproizvodjac: defineCall({
    method: 'GET', path: '/inventar/listproizvodjac', permission: 'inventory.read',
    ...referenceList('proizvodjaci'),
  }),
  listoj: defineCall({ method: 'GET', path: '/inventar/listoj', permission: 'inventory.read', ...referenceList('list') }),
  referenceEdit: defineCall({
    method: 'POST', path: '/inventar/lista/edit', permission: 'settings.write',
    body: referenceEditRequest, response: { 200: referenceEditAnswer, ...failureResponses },
  }),
  readProduct: defineCall({
    method: 'POST', path: '/inventar/readprodukt', permission: 'inventory.read',
    body: readProductRequest, response: { 200: readProductAnswer, ...failureResponses },
  }),
  createProduct: defineCall({
    method: 'POST', path: '/inventar/createprodukt', permission: 'inventory.write',
    body: createProductRequest, response: { 201: productCreatedAnswer, 409: productDuplicateAnswer, ...failureResponses },
  }),
  productList: defineCall({
    method: 'GET', path: '/inventar/produkti/list', permission: 'inventory.read',
    querystring: listQuerySchema, response: { 200: listAnswerSchema(productListRow), ...failureResponses },
  }),
  receipt: defineCall({
    method: 'POST', path: '/inventar/ulaz', permission: 'inventory.write',
    body: receiptRequest, response: { 201: receiptAnswer, 409: exceededAnswer, ...failureResponses },
  }),
  consumption: defineCall({
    method: 'POST', path: '/inventar/izlaz', permission: 'inventory.write',
    body: consumptionRequest, response: { 201: consumptionAnswer, 409: insufficientStockAnswer, ...failureResponses },
  }),
  stock: defineCall({
    method: 'GET', path: '/inventar/stanje', permission: 'inventory.read',
    querystring: stockQuery, response: { 200: stockAnswer, ...failureResponses },
  }),
  movementList: defineCall({
    method: 'GET', path: '/inventar/kretanja/list', permission: 'inventory.read',
    querystring: movementListQuery, response: { 200: listAnswerSchema(movementListRow), ...failureResponses },
  }),
  sections: defineCall({
    method: 'GET', path: '/inventar/sekcije', permission: 'inventory.read',
    querystring: z.object(sessionFields), response: { 200: sectionListAnswer, ...failureResponses },
  }),
} as const;

/** The answer fields of the reference-list calls, as the spec names them. */
export type ReferenceListAnswer<Key extends string> = { success: true } & Record<Key, ReferenceEntry[]>;
