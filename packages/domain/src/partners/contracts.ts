import { z } from 'zod';
import { failureResponses, instantSchema, pathParam, successAnswer } from '../answers.ts';
import { listAnswerSchema, listQuerySchema } from '../list-query.ts';
import { fromMinorUnits, toMinorUnits } from '../money.ts';
import { isValidEmail } from '../patient/intake.ts';
import { defineCall } from '../call.ts';

/**
 * The partners of /partneri: the organisations the lab works with (orderers of
 * samples, insurers, suppliers), lab-wide. An orderer's price list prices the
 * tests of its samples instead of the catalogue; its report addresses receive
 * the group e-mail of /narucioci.
 */

export const PARTNER_KINDS = ['narucilac', 'osiguranje', 'dobavljac'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

export const PARTNER_LIMITS = { naziv: 200, text: 200, contacts: 50, emails: 20, prices: 2000 } as const;

const text = (max: number) => z.string().trim().max(max).nullish().transform((value) => value ?? '');

const emailSchema = z.string().trim().max(254).refine((value) => isValidEmail(value), { error: 'partners.emailInvalid' });
const optionalEmail = z.string().trim().max(254).nullish().transform((value) => value ?? '')
  .refine((value) => value === '' || isValidEmail(value), { error: 'partners.emailInvalid' });

export const partnerContactSchema = z.object({ ime: z.string().trim().min(1, { error: 'form.required' }).max(PARTNER_LIMITS.text), telefon: text(50), email: optionalEmail });
export type PartnerContact = z.output<typeof partnerContactSchema>;

/** A price as decimal text with at most two decimals ("4.50" or "4,50"), not negative; the answer carries it as "4.50". */
const priceSchema = z.union([z.string(), z.number()]).transform((value, context) => {
  const units = toMinorUnits(typeof value === 'string' ? value.replace(',', '.') : value);
  if (units === null || units < 0) {
    context.addIssue({ code: 'custom', message: 'partners.priceInvalid' });
    return z.NEVER;
  }
  return fromMinorUnits(units);
});

export const partnerPriceSchema = z.object({ labassay: z.guid({ error: 'form.required' }), price: priceSchema });
export type PartnerPrice = z.output<typeof partnerPriceSchema>;

/** POST /api/partneri/save: without `_id` a new partner, with it the partner's whole record (contacts, addresses, prices replaced). */
export const partnerSaveRequest = z.object({
  _id: z.guid().optional(),
  naziv: z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(PARTNER_LIMITS.naziv),
  vrste: z.array(z.enum(PARTNER_KINDS, { error: 'form.invalid' })).max(PARTNER_KINDS.length).transform((kinds) => [...new Set(kinds)]).default([]),
  email: optionalEmail,
  telefon: text(50),
  adresa: text(PARTNER_LIMITS.text),
  idBroj: text(20),
  aktivan: z.boolean().default(true),
  kontakti: z.array(partnerContactSchema).max(PARTNER_LIMITS.contacts).default([]),
  emailNalazi: z.array(emailSchema).max(PARTNER_LIMITS.emails).transform((emails) => [...new Set(emails.map((email) => email.toLowerCase()))]).default([]),
  cijene: z.array(partnerPriceSchema).max(PARTNER_LIMITS.prices).default([]),
  /** The partner's hospital system for results over HL7 v2 (MLLP): host name or address; '' none. */
  hl7Host: z.string().trim().max(253).regex(/^[A-Za-z0-9.:-]*$/, { error: 'partners.hl7HostInvalid' }).nullish().transform((value) => value ?? ''),
  /** Its MLLP port; required with a host. */
  hl7Port: z.number({ error: 'partners.hl7PortInvalid' }).int({ error: 'partners.hl7PortInvalid' }).min(1, { error: 'partners.hl7PortInvalid' })
    .max(65535, { error: 'partners.hl7PortInvalid' }).nullish().transform((value) => value ?? null),
}).superRefine((value, context) => {
  if (value.hl7Host !== '' && value.hl7Port === null) context.addIssue({ code: 'custom', path: ['hl7Port'], message: 'partners.hl7PortInvalid' });
});
export type PartnerSaveRequest = z.output<typeof partnerSaveRequest>;
export type PartnerSaveInput = z.input<typeof partnerSaveRequest>;

/** A price-list line as the answer carries it, with the test's code and name and its catalogue price beside. */
export const partnerPriceLineSchema = z.object({ labassay: z.string(), sifra: z.string(), naziv: z.string(), price: z.string(), katalog: z.string() });
export type PartnerPriceLine = z.output<typeof partnerPriceLineSchema>;

/** What the partner answer and a row of the partners list both carry. */
const partnerBase = z.object({
  _id: z.string(),
  naziv: z.string(),
  vrste: z.array(z.enum(PARTNER_KINDS)),
  email: z.string(),
  telefon: z.string(),
  adresa: z.string(),
  idBroj: z.string(),
  aktivan: z.boolean(),
  updated_at: instantSchema,
});

export const partnerSchema = partnerBase.extend({
  kontakti: z.array(z.object({ ime: z.string(), telefon: z.string(), email: z.string() })),
  emailNalazi: z.array(z.string()),
  cijene: z.array(partnerPriceLineSchema),
  hl7Host: z.string(),
  hl7Port: z.number().int().nullable(),
  created_at: instantSchema,
});
export type Partner = z.output<typeof partnerSchema>;

/** A row of the partners list: the partner with its number of contacts, price-list lines and samples at the site. */
export const partnerListRow = partnerBase.extend({
  kontakata: z.number().int(),
  cijena: z.number().int(),
  uzoraka: z.number().int(),
});
export type PartnerListRow = z.output<typeof partnerListRow>;

/** A choice of the sample's partner picker: active orderers. */
export const partnerChoiceSchema = z.object({ _id: z.string(), naziv: z.string() });
export type PartnerChoice = z.output<typeof partnerChoiceSchema>;

export const partnerContracts = {
  list: defineCall({
    method: 'GET', path: '/partneri/list', permission: 'samples.read',
    querystring: listQuerySchema, response: { 200: listAnswerSchema(partnerListRow), ...failureResponses },
  }),
  show: defineCall({
    method: 'GET', path: '/partneri/:id', permission: 'samples.read',
    params: z.object({ id: pathParam('Partner id (uuid)') }), response: { 200: successAnswer({ partner: partnerSchema }), ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/partneri/save', permission: 'settings.write',
    body: partnerSaveRequest, response: { 200: successAnswer({ partner: partnerSchema, message: z.string() }), ...failureResponses },
  }),
  orderers: defineCall({
    method: 'GET', path: '/partneri/narucioci', permission: 'samples.read',
    response: { 200: successAnswer({ partneri: z.array(partnerChoiceSchema) }), ...failureResponses },
  }),
} as const;
