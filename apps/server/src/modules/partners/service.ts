import type { Partner, PartnerChoice, PartnerKind, PartnerSaveRequest } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import * as repository from './repository.ts';
import type { PartnerRow, PriceLineRow } from './repository.ts';

// Partners are the lab's (every site sees the same registry). A save replaces the partner's record with
// its contacts, report addresses and price list in one transaction with one audit row per changed field.

function partnerAnswer(row: PartnerRow, prices: readonly PriceLineRow[]): Partner {
  return {
    _id: row.id, naziv: row.naziv, vrste: row.vrste as PartnerKind[], email: row.email, telefon: row.telefon, adresa: row.adresa,
    idBroj: row.idBroj, aktivan: row.aktivan, kontakti: row.kontakti, emailNalazi: row.emailNalazi,
    hl7Host: row.hl7Host, hl7Port: row.hl7Port, cijene: prices.map((line) => ({ ...line })), created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  };
}

export function list(db: Db, request: ListRequest<unknown>) {
  return repository.listPartners(db, request);
}

export async function show(db: Db, id: string): Promise<Partner> {
  const row = await repository.findPartner(db, id);
  if (!row) throw AppError.notFound();
  return partnerAnswer(row, await repository.priceLines(db, row.id));
}

export async function orderers(db: Db): Promise<PartnerChoice[]> {
  return (await repository.activeOrderers(db)).map((row) => ({ _id: row.id, naziv: row.naziv }));
}

const AUDITED_FIELDS = ['naziv', 'vrste', 'email', 'telefon', 'adresa', 'idBroj', 'aktivan', 'kontakti', 'emailNalazi', 'hl7Host', 'hl7Port'] as const;

/** POST /partneri/save: creates (no `_id`) or replaces a partner; a name another partner has (case ignored) is refused with 409. */
export async function save(db: Db, ctx: RequestContext, input: PartnerSaveRequest): Promise<Partner> {
  const { _id: id, cijene, ...fields } = input;
  const assays = await repository.existingAssays(db, cijene.map((line) => line.labassay));
  cijene.forEach((line, index) => {
    if (!assays.has(line.labassay)) throw AppError.badRequest('form.invalid', `cijene.${index}.labassay`);
  });
  const prices = [...new Map(cijene.map((line) => [line.labassay, line])).values()];
  try {
    return await db.transaction(async (tx) => {
      let row: PartnerRow;
      if (id === undefined) {
        row = await repository.insertPartner(tx, fields);
        await writeAudit(tx, ctx, { action: 'partner.create', entity: 'partner', entityId: row.id, newValue: { ...fields, cijene: prices } });
      } else {
        const before = await repository.findPartner(tx, id, { forUpdate: true });
        if (!before) throw AppError.notFound();
        const oldPrices = await repository.priceLines(tx, before.id);
        row = await repository.updatePartner(tx, before.id, fields);
        const audit: AuditEntry[] = AUDITED_FIELDS
          .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(row[field]))
          .map((field) => ({ action: 'partner.update', entity: 'partner', entityId: row.id, field, oldValue: before[field], newValue: row[field] }));
        const priceText = (lines: readonly { labassay: string; price: string }[]) => JSON.stringify(
          [...lines].map((line) => [line.labassay, line.price]).sort(([a], [b]) => String(a).localeCompare(String(b))),
        );
        if (priceText(oldPrices) !== priceText(prices)) {
          audit.push({
            action: 'partner.update', entity: 'partner', entityId: row.id, field: 'cijene',
            oldValue: oldPrices.map((line) => ({ labassay: line.labassay, price: line.price })), newValue: prices,
          });
        }
        await writeAudit(tx, ctx, audit);
      }
      await repository.replacePrices(tx, row.id, prices);
      return partnerAnswer(row, await repository.priceLines(tx, row.id));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'partners_naziv_key')) throw AppError.conflict('partners.nameTaken', 'naziv');
    throw error;
  }
}

/** A partner as a sample names it ({ _id, naziv }); null when unknown. */
export async function partnerChoice(db: Db, id: string): Promise<PartnerChoice | null> {
  const row = await repository.findPartner(db, id);
  return row ? { _id: row.id, naziv: row.naziv } : null;
}

/**
 * The partner a sample may be ordered by: an active partner (any kind; a partner marked only as supplier
 * may still send a sample). Unknown or inactive answers 400 naming the field.
 */
export async function assertOrderingPartner(db: Db, id: string): Promise<void> {
  const row = await repository.findPartner(db, id);
  if (!row) throw AppError.badRequest('form.invalid', 'partner');
  if (!row.aktivan) throw AppError.badRequest('partners.inactive', 'partner');
}

/**
 * The one place a partner's price list applies: the price of each of these tests on a sample the partner
 * orders (labassay id -> price text). Tests without a line, and samples without a partner, keep the
 * catalogue price (an empty map).
 */
export function partnerPrices(db: Db, partnerId: string | null, labassayIds: readonly string[]): Promise<Map<string, string>> {
  return partnerId ? repository.partnerPricesOf(db, partnerId, labassayIds) : Promise.resolve(new Map<string, string>());
}

/** Active partners by name, lower-cased (the import names a sample's partner by its name). */
export async function activePartnersByName(db: Db): Promise<Map<string, string>> {
  const rows = await repository.partnersByName(db);
  return new Map([...rows].filter(([, row]) => row.aktivan).map(([name, row]) => [name, row.id]));
}

/** Active partners with report addresses: orderers of the group e-mail (/narucioci) even before a sample of theirs is verified. */
export async function partnersWithReportAddresses(db: Db): Promise<{ naziv: string; emails: string[] }[]> {
  const rows = await repository.partnersByName(db);
  return [...rows.values()].filter((row) => row.aktivan && row.emailNalazi.length > 0).map((row) => ({ naziv: row.naziv, emails: row.emailNalazi }));
}

/** A partner's hospital system for results over HL7 v2 (MLLP host and port), with the partner's name; null when it has none. */
export async function hl7Destination(db: Db, partnerId: string): Promise<{ partnerId: string; naziv: string; host: string; port: number } | null> {
  const row = await repository.findPartner(db, partnerId);
  if (!row || row.hl7Host === '' || row.hl7Port === null) return null;
  return { partnerId: row.id, naziv: row.naziv, host: row.hl7Host, port: row.hl7Port };
}
