import type { FastifyInstance } from 'fastify';
import { calendarDateOf, inventorySupplyContracts, message, toLocalDateText } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { DEFAULT_PDF_FONT_DIR } from '../../config.ts';
import { listRoute } from '../../lib/list-route.ts';
import { siteLetterhead, siteTimeZone } from '../sites/service.ts';
import { renderOrderPdf } from './order-pdf.ts';
import * as service from './supply-service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['inventar'];
const SESSION = 'Token and site as on every call. Contracts and suppliers belong to the lab; purchase orders and alerts to the site '
  + 'worked on: another site\'s order answers 404 like a missing one.';
const ORDER_FIELDS = '`narudzba: { _id, broj (NAR-000001), status (nacrt, poslana, djelimicno, primljena, otkazana), dobavljac: { _id, naziv }, '
  + 'ugovor: { _id, broj } | null, napomena, kreirao, stavke: [{ _id, produkt, LN, opis, jedinica_mjere, kolicina, cijena, ugovorena, '
  + 'primljeno, preostalo }], ukupno, created_at, sent_at }`';

/** Supplier contracts (/inventar/ugovori), purchase orders (/inventar/narudzbe) and the inventory alerts. */
export function supplyRoutes(app: FastifyInstance, { db, config }: AppOptions): void {
  const fontDir = config.pdfFontDir ?? DEFAULT_PDF_FONT_DIR;

  registerCall(app, inventorySupplyContracts.suppliers, {
    tags: TAGS,
    summary: 'Suppliers: partners whose roles include dobavljac',
    description: `${SESSION}\n\n\`200 { success: true, dobavljaci: [{ _id, naziv }] }\`: the active partners that supply the lab, by name.`,
  }, async () => ({ success: true as const, dobavljaci: await service.supplierList(db) }));

  registerCall(app, inventorySupplyContracts.contractCreate, {
    tags: TAGS,
    summary: 'Register a contract with a supplier (/inventar/ugovori)',
    description: `${SESSION} \`ugovor\`: dobavljac (a supplier partner), broj, vazi_od and vazi_do (YYYY-MM-DD, both days included), `
      + 'napomena, stavke: [{ produkt, cijena (KM per package, two decimals), kolicina (packages) }], each product once. Audited.\n\n'
      + '`201 { success: true, message, ugovor: { _id, broj, dobavljac, vazi_od, vazi_do, napomena, vazeci, stavke: [{ _id, produkt, LN, '
      + 'opis, cijena, kolicina, primljeno, preostalo }], created_at } }`. Not a supplier: `400 inventory.notSupplier`; vazi_do before '
      + 'vazi_od: `400 inventory.contractDates`; a product twice: `400 inventory.duplicateLine`; a number the supplier has already: '
      + '`409 inventory.contractTaken`.',
  }, async (request, reply) => reply.status(201).send({
    success: true as const, message: message('inventory.contractSaved'), ugovor: await service.createContract(db, request.ctx, request.body.ugovor),
  }));

  registerCall(app, inventorySupplyContracts.contractList, {
    tags: TAGS,
    summary: 'Contracts (list table)',
    description: `${SESSION} Sort by broj, dobavljac, vazi_od, vazi_do (default, latest first), created_at; 'Pretraga' within broj and `
      + 'the supplier. `ugovoreno`: packages contracted; `primljeno`: received against the contract (from the ledger).',
  }, listRoute(db, (list) => service.listContracts(db, list)));

  registerCall(app, inventorySupplyContracts.productContracts, {
    tags: TAGS,
    summary: 'Contracts valid today that still have some of a product',
    description: `${SESSION}\n\n\`200 { success: true, ugovori: [{ _id, broj, dobavljac, stavka, cijena, preostalo, vazi_do }] }\`, cheapest first.`,
  }, async (request) => ({ success: true as const, ugovori: await service.contractsForProduct(db, request.ctx, request.query.produkt) }));

  registerCall(app, inventorySupplyContracts.contractShow, {
    tags: TAGS,
    summary: 'A contract with its lines and what remains of each',
    description: `${SESSION}\n\n\`200 { success: true, ugovor }\` as the create call answers it; \`preostalo\` = kolicina − primljeno, `
      + 'primljeno summed from the receipts that name the contract.',
  }, async (request) => ({ success: true as const, ugovor: await service.showContract(db, request.ctx, request.params.id) }));

  registerCall(app, inventorySupplyContracts.suggestions, {
    tags: TAGS,
    summary: 'Low-stock suggestions for a purchase order',
    description: `${SESSION}\n\n\`200 { success: true, prijedlozi: [{ produkt, LN, opis, jedinica_mjere, ukupno, nivo, naruceno, kolicina, `
      + 'ugovor }] }`: each product under its level (nivo) at the site; `kolicina` brings its stock back above the level counting what '
      + 'sent orders still bring (`naruceno`); `ugovor`: the cheapest contract valid today with some of it left (its price), or null.',
  }, async (request) => ({ success: true as const, prijedlozi: await service.orderSuggestions(db, request.ctx) }));

  registerCall(app, inventorySupplyContracts.openOrders, {
    tags: TAGS,
    summary: 'Sent orders of the site still awaiting a product (goods in)',
    description: `${SESSION}\n\n\`200 { success: true, narudzbe: [{ _id, broj, dobavljac, preostalo }] }\`.`,
  }, async (request) => ({ success: true as const, narudzbe: await service.openOrdersForProduct(db, request.ctx, request.query.produkt) }));

  registerCall(app, inventorySupplyContracts.orderList, {
    tags: TAGS,
    summary: 'Purchase orders of the site (list table)',
    description: `${SESSION} \`status\` narrows the list. Sort by broj, status, dobavljac, created_at (default, newest first); `
      + '\'Pretraga\' within the supplier and the number.',
  }, listRoute(db, (list) => service.listOrders(db, list)));

  registerCall(app, inventorySupplyContracts.orderCreate, {
    tags: TAGS,
    summary: 'A draft purchase order',
    description: `${SESSION} \`narudzba\`: dobavljac (a supplier partner), ugovor (one of its contracts valid today, or null), napomena, `
      + 'stavke: [{ produkt, kolicina, cijena? }], each product once; a product on the contract takes the contract\'s price. Audited.\n\n'
      + `\`201 { success: true, message, ${ORDER_FIELDS} }\`. Not a supplier: \`400 inventory.notSupplier\`; a contract of another `
      + 'supplier: `400 inventory.contractOfOtherSupplier`; not valid today: `400 inventory.contractNotValid`.',
  }, async (request, reply) => reply.status(201).send({
    success: true as const, message: message('inventory.orderSaved'), narudzba: await service.createOrder(db, request.ctx, request.body.narudzba),
  }));

  registerCall(app, inventorySupplyContracts.orderShow, {
    tags: TAGS,
    summary: 'A purchase order with its lines',
    description: `${SESSION}\n\n\`200 { success: true, ${ORDER_FIELDS} }\`.`,
  }, async (request) => ({ success: true as const, narudzba: await service.showOrder(db, request.ctx, request.params.id) }));

  registerCall(app, inventorySupplyContracts.orderLines, {
    tags: TAGS,
    summary: 'Replace the lines of a draft order',
    description: `${SESSION} \`stavke\` and \`napomena\` as on create. Audited with the lines before and after.\n\n\`200 { success: true, `
      + 'message, narudzba }`; an order no longer a draft: `409 inventory.orderNotEditable`.',
  }, async (request) => ({
    success: true as const, message: message('inventory.orderSaved'), narudzba: await service.editOrderLines(db, request.ctx, request.params.id, request.body),
  }));

  registerCall(app, inventorySupplyContracts.orderSend, {
    tags: TAGS,
    summary: 'Send a draft order to the supplier',
    description: `${SESSION} nacrt → poslana. Audited.\n\n\`200 { success: true, message, narudzba }\`; any other status: \`409 inventory.orderStepRefused\`.`,
  }, async (request) => ({ success: true as const, message: message('inventory.orderSent'), narudzba: await service.orderStep(db, request.ctx, request.params.id, 'posalji') }));

  registerCall(app, inventorySupplyContracts.orderCancel, {
    tags: TAGS,
    summary: 'Cancel a draft or sent order',
    description: `${SESSION} nacrt or poslana → otkazana (nothing received yet). Audited.\n\n\`200 { success: true, message, narudzba }\`; `
      + 'partly received, received or cancelled: `409 inventory.orderStepRefused`.',
  }, async (request) => ({ success: true as const, message: message('inventory.orderCancelled'), narudzba: await service.orderStep(db, request.ctx, request.params.id, 'otkazi') }));

  registerCall(app, inventorySupplyContracts.orderPdf, {
    tags: TAGS,
    summary: 'The purchase order as PDF',
    description: `${SESSION} \`application/pdf\` (A4, Bosnian): the letterhead, 'NARUDŽBENICA' with number, date and status, the `
      + 'supplier and contract, the lines (LN, opis, packages, price, amount) and the total in KM, page x of y.',
  }, async (request, reply) => {
    const [order, letterhead, timeZone] = await Promise.all([
      service.showOrder(db, request.ctx, request.params.id), siteLetterhead(db, request.ctx.siteId), siteTimeZone(db, request.ctx.siteId),
    ]);
    const pdf = await renderOrderPdf(order, letterhead, (instant) => toLocalDateText(calendarDateOf(new Date(instant), timeZone)), fontDir);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="narudzba-${order.broj}.pdf"`)
      .header('cache-control', 'no-store').send(pdf);
  });

  registerCall(app, inventorySupplyContracts.alerts, {
    tags: TAGS,
    summary: 'Inventory alerts of the site (the bell and the inventory screens)',
    description: `${SESSION}\n\n\`200 { success: true, upozorenja: [{ id, vrsta, produkt, LN, opis, ukupno, nivo, lot, rok_trajanja, dana }] }\`: `
      + '`nisko` for a product under its level (id `nisko:<product>`), `rok` for a lot with stock within its product\'s danadoroka days '
      + 'of its expiry, `istekao` for one past it (id `rok:<lot>`).',
  }, async (request) => ({ success: true as const, upozorenja: await service.alerts(db, request.ctx) }));
}
