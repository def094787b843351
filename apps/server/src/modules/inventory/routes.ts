import type { FastifyInstance } from 'fastify';
import { INVENTORY_CHANGED_EVENT, type Product, type ProductDuplicateAnswer, inventoryContracts, message } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { supplyRoutes } from './supply-routes.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['inventar'];
const SESSION = 'Token and site as on every call. Products and the reference lists belong to the lab; lots, movements and stock to '
  + 'the site worked on: another site\'s lot answers 404 like a missing one.';

/** 409 'Uneseni LN je već registriran!' with the product under the LN, so the dialog can name it and offer 'Prijem'. */
function duplicateAnswer(produkt: Product | null): ProductDuplicateAnswer {
  return {
    success: false, message: message('inventory.duplicateLn'), code: 'inventory.duplicateLn', field: 'produkt.LN', ...(produkt ? { produkt } : {}),
  };
}

export function inventoryRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { db } = options;
  /**
   * The site's stock moved: its screens and bells read the alerts again (GET /inventar/upozorenja). The event
   * carries nothing, so no one learns another's stock from it.
   */
  const stockChanged = (siteId: string) => options.realtime?.emitToSite(siteId, INVENTORY_CHANGED_EVENT, {});
  const referenceDescription = (field: string) => `${SESSION}\n\n\`200 { success: true, ${field}: [{ naziv, _id }] }\` by name.`;

  registerCall(app, inventoryContracts.listklasa, {
    tags: TAGS,
    summary: 'Reference list: classes (klasa)',
    description: referenceDescription('klase'),
  }, async () => ({ success: true as const, klase: await service.referenceList(db, 'klasa') }));
  registerCall(app, inventoryContracts.listprogram, {
    tags: TAGS,
    summary: 'Reference list: programmes',
    description: referenceDescription('programi'),
  }, async () => ({ success: true as const, programi: await service.referenceList(db, 'program') }));
  registerCall(app, inventoryContracts.listplatforma, {
    tags: TAGS,
    summary: 'Reference list: platforms',
    description: referenceDescription('platforme'),
  }, async () => ({ success: true as const, platforme: await service.referenceList(db, 'platforma') }));
  registerCall(app, inventoryContracts.listproizvodjac, {
    tags: TAGS,
    summary: 'Reference list: manufacturers (and suppliers, until partners exist)',
    description: referenceDescription('proizvodjaci'),
  }, async () => ({ success: true as const, proizvodjaci: await service.referenceList(db, 'proizvodjac') }));
  registerCall(app, inventoryContracts.listoj, {
    tags: TAGS,
    summary: 'Organisational units (OJ): the caller\'s sites',
    description: referenceDescription('list'),
  }, async (request) => ({ success: true as const, list: await service.organisationalUnits(db, request.ctx) }));

  registerCall(app, inventoryContracts.referenceEdit, {
    tags: TAGS,
    summary: 'Add or rename a reference-list entry (/inventar/postavke)',
    description: `${SESSION} \`vrsta\`: klasa, program, platforma or proizvodjac; \`element\`: { _id?, naziv }. Without \`_id\` an entry `
      + 'is added, with it renamed. Audited.\n\n`200 { success: true, message, element: { naziv, _id } }`; a name the list has already '
      + '(case ignored): `409 inventory.entryTaken`; an unknown `_id`: `404`.',
  }, async (request) => ({
    success: true as const, message: message('inventory.entrySaved'),
    element: await service.editReferenceEntry(db, request.ctx, request.body.vrsta, request.body.element),
  }));

  registerCall(app, inventoryContracts.readProduct, {
    tags: TAGS,
    summary: 'The product registered under an LN',
    description: `${SESSION} \`LN\` compared without case. \`200 { success: true, produkt }\` with opis, pakovanje, jedinica_mjere and `
      + 'the other product fields, or `produkt: null` when none is registered.',
  }, async (request) => ({ success: true as const, produkt: await service.readProduct(db, request.body.LN) }));

  registerCall(app, inventoryContracts.createProduct, {
    tags: TAGS,
    summary: 'Register a product (Unos produkta)',
    description: `${SESSION} \`produkt\`: LN (3-40 characters), opis (at least 3), sadrzaj (content of a package, > 0) and jedinica_mjere `
      + '(test, mL, L, kom, g, kg) required; zasticeni_naziv, zemlja_porijekla (Germany, Ireland, USA, Poland, Switzerland, Japan), '
      + 'pakovanje, upozorenje, nivo (default 0), danadoroka (default 30), klasa, program, platforma, proizvodjac (ids of their lists), '
      + 'oj (one of the caller\'s sites; default the site worked on). Audited.\n\n`201 { success: true, produkt }`. A missing field: '
      + '`400 form.required` naming it (`produkt.opis`). An LN registered already, also when two saves race: `409 { success: false, '
      + 'message: "Uneseni LN je već registriran!", code: "inventory.duplicateLn", field: "produkt.LN", produkt }`. An unexpected '
      + 'failure: `500 save.failed` ("Greška prilikom upisa!").',
  }, async (request, reply) => {
    const outcome = await answeringFailureAs(request, 'save.failed', () => service.createProduct(db, request.ctx, request.body.produkt));
    if (outcome.kind === 'duplicate') return reply.status(409).send(duplicateAnswer(outcome.produkt));
    return reply.status(201).send({ success: true, produkt: outcome.produkt });
  });

  registerCall(app, inventoryContracts.productList, {
    tags: TAGS,
    summary: 'Products (list table, /inventar/produkti)',
    description: `${SESSION} Sort by LN, opis, zasticeni_naziv, jedinica_mjere, nivo, klasa, proizvodjac, oj, stanje, created_at; `
      + '\'Pretraga\' within LN, opis and zasticeni_naziv. `stanje`: packages in stock at the site worked on.',
  }, listRoute(db, (list) => service.listProducts(db, list)));

  registerCall(app, inventoryContracts.sections, {
    tags: TAGS,
    summary: 'Lab sections goods out is booked to',
    description: `${SESSION}\n\n\`200 { success: true, sekcije: [{ _id, naziv }] }\`.`,
  }, async () => ({ success: true as const, sekcije: await service.sectionList(db) }));

  registerCall(app, inventoryContracts.receipt, {
    tags: TAGS,
    summary: 'Goods in: a lot received (/inventar/ulaz)',
    description: `${SESSION} \`produkt\` (id), \`lot\` (the lot number), \`rok_trajanja\` (YYYY-MM-DD, not past), \`kolicina\` (whole `
      + 'packages, 1-100000), `napomena`, `ugovor` (a supplier contract valid today with the product on it) and `narudzba` (a sent '
      + 'purchase order of the site with the product on it; its contract, if the line is under one, counts too). A lot number received '
      + 'before at the site adds to that lot and must carry its expiry. One '
      + 'movement (+kolicina) in the ledger; audited.\n\n`201 { success: true, message, lot: { _id, lot, rok_trajanja, kolicina, rok, dana } }` '
      + 'with the lot\'s stock after the receipt; an expiry already past: `400 inventory.lotExpired`; another expiry for a known lot: '
      + '`409 inventory.lotExpiryMismatch`; an unknown product, order or contract: `404`; more than the order or the contract still has: '
      + '`409 inventory.orderExceeded | inventory.contractExceeded` with `preostalo`; a contract not valid today: `409 inventory.contractNotValid`; '
      + 'a product not on them: `400 inventory.notOnOrder | inventory.notOnContract`; an order not sent (or received, cancelled): '
      + '`409 inventory.orderNotReceivable`. The order then turns partly received or received.',
  }, async (request, reply) => {
    const outcome = await service.receive(db, request.ctx, request.body);
    if (outcome.kind === 'exceeded') {
      return reply.status(409).send({
        success: false, message: message(outcome.code, 'bs', { broj: outcome.broj, preostalo: String(outcome.preostalo) }), code: outcome.code,
        field: 'kolicina', preostalo: outcome.preostalo,
      });
    }
    stockChanged(request.ctx.siteId);
    return reply.status(201).send({ success: true as const, message: message('inventory.receiptSaved'), lot: outcome.lot });
  });

  registerCall(app, inventoryContracts.consumption, {
    tags: TAGS,
    summary: 'Goods out: consumption by a lab section (/inventar/izlaz)',
    description: `${SESSION} \`produkt\`, \`kolicina\` (whole packages), \`sekcija\` (a lab section), \`lot\` (optional: without it the `
      + 'first-expiring lots that are not past their expiry are taken, each emptied before the next), `napomena`. One movement '
      + '(−kolicina) per lot taken; audited. Two consumptions at once wait for each other, so stock never goes below zero.\n\n'
      + '`201 { success: true, message, izdano: [{ _id, lot, kolicina }] }`; not enough stock: `409 { code: "inventory.insufficientStock", '
      + 'dostupno }`; the chosen lot past its expiry: `409 inventory.lotExpired`; a lot or product not at the site: `404`.',
  }, async (request, reply) => {
    const outcome = await service.consume(db, request.ctx, request.body);
    if (outcome.kind === 'insufficient') {
      const dostupno = String(outcome.dostupno);
      return reply.status(409).send({
        success: false, message: message('inventory.insufficientStock', 'bs', { dostupno }), code: 'inventory.insufficientStock',
        field: 'kolicina', dostupno: outcome.dostupno,
      });
    }
    stockChanged(request.ctx.siteId);
    return reply.status(201).send({ success: true, message: message('inventory.consumptionSaved'), izdano: outcome.izdano });
  });

  registerCall(app, inventoryContracts.stock, {
    tags: TAGS,
    summary: 'Stock per product and lot at the site (/inventar/stanje)',
    description: `${SESSION} \`produkt\` narrows to one product. Products of the site (its OJ, or with a lot received there), each `
      + 'with `ukupno` (packages, summed from the movements), `nisko` (under its nivo) and its lots with stock: rok_trajanja, kolicina, '
      + '`rok` (expired, expiring within danadoroka days, ok) and `dana` to expiry; `upozorenja`: how many products are low and lots '
      + 'expiring or expired.',
  }, async (request) => ({ success: true as const, ...await service.stock(db, request.ctx, request.query.produkt) }));

  registerCall(app, inventoryContracts.movementList, {
    tags: TAGS,
    summary: 'Movements of the site (list table)',
    description: `${SESSION} \`vrsta\`: ulaz or izlaz narrows the list. Sort by created_at (default, newest first), LN, opis, lot, `
      + 'rok_trajanja, kolicina, vrsta; \'Pretraga\' within LN, opis and lot.',
  }, listRoute(db, (list) => service.listMovements(db, list)));
  supplyRoutes(app, options);
  return Promise.resolve();
}
