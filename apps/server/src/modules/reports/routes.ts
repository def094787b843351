import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES, SAMPLE_PDF_FILE, message, nalaziContracts, signingContracts, verificationContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { DEFAULT_PDF_FONT_DIR } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import { listRoute } from '../../lib/list-route.ts';
import { loadPdfFonts } from '../../lib/pdf/fonts.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['nalazi'];
const SESSION = 'Token and site as on every call: `Authorization: Bearer`, or `token`/`site` in the query or body. '
  + "Reports belong to the sample's site: another site's sample answers 404 exactly like a missing one or one without a report.";

/** A stored report as the browser opens it: inline, never cached, with the SHA-256 it was frozen with. */
function sendReportPdf(reply: FastifyReply, found: Awaited<ReturnType<typeof service.pdf>>) {
  return reply.type('application/pdf')
    .header('content-disposition', `inline; filename="nalaz-${found.code}-v${found.verzija}-${found.jezik}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-report-sha256', found.sha256)
    .send(found.pdf);
}

function certificateAnswer(certificate: Awaited<ReturnType<typeof service.signingCertificate>>) {
  return {
    subject: certificate.subject, issuer: certificate.issuer, valid_from: certificate.validFrom.toISOString(), valid_to: certificate.validTo.toISOString(),
    fingerprint: certificate.fingerprint256, self_signed: certificate.selfSigned, source: certificate.source,
    verification_address: service.verificationUrl(''), verification_qr_readable: service.verificationQrReadable(),
  };
}

export function nalaziRoutes(app: FastifyInstance, { db, config }: AppOptions): Promise<void> {
  // Without its font a report cannot be printed: the server stops here, at start-up, saying what to install.
  loadPdfFonts(config.pdfFontDir ?? DEFAULT_PDF_FONT_DIR);
  // The environment's certificate is opened now: a wrong path or password stops the start, saying so.
  service.configureReportSigning({ p12Path: config.reportSigningP12, password: config.reportSigningPassword, publicUrl: config.publicUrl });
  if (!service.verificationQrReadable()) {
    app.log.warn('PUBLIC_URL is long: the QR code on every report page gets denser than 33 modules and may not read when printed; an address of at most about 45 characters keeps it readable');
  }

  registerCall(app, verificationContracts.verify, {
    tags: ['provjera'],
    summary: "A report's verification by its QR code (no sign-in)",
    description: 'No token or site: anyone holding the printed or e-mailed report may call it. `{token}` is the id in the QR code '
      + 'printed on every page of one report version (PUBLIC_URL/provjera/{token}). `200 { success: true, provjera: { lab, site, code, '
      + 'verzija, jezik, issued_at, corrected, current, superseded_by: { verzija, issued_at } | null, sha256 } }`: the SHA-256 of the '
      + 'signed PDF exactly as issued, and whether a corrected version replaced it. Never a name, JMBG or result. An unknown token: '
      + '`404`. At most 30 lookups a minute from one address (`429`); every lookup is written to the access log with the address (a miss as `not-found`).',
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { success: true as const, provjera: await service.verifyReport(db, request.params.token, { ip: request.ip, requestId: String(request.id) }) };
  });

  registerCall(app, signingContracts.certificate, {
    tags: ['postavke'],
    summary: "The certificate that signs the lab's reports",
    description: 'Subject, issuer, validity, SHA-256 fingerprint, whether it is self-signed, and where it comes from: `environment` '
      + '(REPORT_SIGNING_P12), `uploaded` (installed here) or `self-signed` (made by the server at its first start); the address the '
      + "reports' QR codes lead to (`verification_address`, PUBLIC_URL/provjera/) and whether it is short enough for a code that reads "
      + 'when printed (`verification_qr_readable`). Never the key. `200 { success: true, certificate }`.',
  }, async () => ({ success: true as const, certificate: certificateAnswer(await service.signingCertificate(db)) }));

  registerCall(app, signingContracts.install, {
    tags: ['postavke'],
    summary: "Install the lab's report-signing certificate (PKCS#12)",
    description: '`{ p12, password }`: the PKCS#12 file in base64 and its password. Opened before it is stored: a wrong password or a '
      + 'file without a private key and its certificate is `400 nalazi.certificateInvalid` (field `p12`). Reports issued from then on '
      + 'are signed with it; a certificate set by REPORT_SIGNING_P12 still wins. Audited with the fingerprints. `200 { success: true, certificate }`.',
  }, async (request) => {
    await service.installCertificate(db, request.ctx, Buffer.from(request.body.p12, 'base64'), request.body.password);
    return { success: true as const, certificate: certificateAnswer(await service.signingCertificate(db)) };
  });

  registerCall(app, nalaziContracts.list, {
    tags: TAGS,
    summary: "The site's result reports (/nalazi/pregled)",
    description: `${SESSION} The list query contract: \`sort\` (datum, code, verzija, status, prezime, ime; default datum desc), \`page\`, `
      + '`per_page`, `filter` (every word must match the start of the sample code, prezime, ime or jmbg), `datum` (DANAS, JUČER, SEDMICA, '
      + 'MJESEC, SVE on when the latest version was issued, in the site\'s days), `dateRangeMin`/`dateRangeMax`.\n\n'
      + '`200 { success: true, data: [{ _id, samples, code, pdf, final, final_pdf, pacijent, pid, ime, prezime, jmbg, status, verzija, datum, '
      + 'jezici }], pagination }`: `samples` the sample id, `final` the sample is verified now, `final_pdf` and the latest version is of that '
      + 'verification (a gold row; otherwise red: unlocked since), `verzija` the number of versions issued, `datum` when the latest was.',
  }, listRoute(db, (list) => service.list(db, list)));

  registerCall(app, nalaziContracts.pdf, {
    tags: TAGS,
    summary: 'A result report as issued (PDF)',
    description: `${SESSION} \`application/pdf\`: the stored bytes of version \`verzija\` (1, 2, ...; the latest without it) in language `
      + '`jezik` (bs, en, de; without it Bosnian when the version has it, else its first language), exactly as issued. A version or language '
      + 'that was not issued: `404`; a bad `jezik` or `verzija`: `400` naming it. A withdrawn report still answers. Logged as a view of the '
      + "patient's record. The `x-report-sha256` header carries the stored SHA-256.",
  }, async (request, reply) => sendReportPdf(reply, await service.pdf(db, request.ctx, request.params.sid, request.query.jezik, request.query.verzija)));

  registerCall(app, nalaziContracts.samplePdf, {
    tags: TAGS,
    summary: "A result report as issued (PDF), at the spec's path samples/{sample}.pdf",
    description: `${SESSION} The same answer as \`GET /api/nalazi/pdf/{sid}\` (same permission, same site: another site's sample is `
      + '`404`), for clients of the spec\'s report path; `{sample}` is the sample id. `/samples/{sample}.pdf` outside `/api` redirects here.',
  }, async (request, reply) => {
    const sid = SAMPLE_PDF_FILE.exec(request.params.file)?.[1];
    if (!sid) throw AppError.badRequest('form.invalid', 'file');
    return sendReportPdf(reply, await service.pdf(db, request.ctx, sid.toLowerCase(), request.query.jezik, request.query.verzija));
  });

  registerCall(app, nalaziContracts.addLanguage, {
    tags: TAGS,
    summary: 'Issue a verified report version in one more language',
    description: `${SESSION} \`{ idNalaza, verzija, jezik }\`: version \`verzija\` of the sample's report is rendered in \`jezik\` (bs, en, de) `
      + 'from the content kept when the version was issued (the same results, ranges, names and signatures), stored with its SHA-256 and '
      + "audited ('report.language', reason 'language added'). Not a correction: the version keeps its number.\n\n"
      + '`200 { success: true, message, code: "nalazi.languageAdded", verzija, jezik, sha256, dodan: true }`; the language there already: '
      + 'the same with `dodan: false`, `code: "nalazi.languageExists"`; a version issued before contents were kept `409 nalazi.notFrozen`; '
      + 'no such version `404`.',
  }, async (request) => {
    const { idNalaza, verzija, jezik } = request.body;
    const answer = await service.addLanguage(db, request.ctx, idNalaza, verzija, jezik);
    return { success: true as const, message: message(answer.code), ...answer };
  });

  registerCall(app, nalaziContracts.send, {
    tags: TAGS,
    summary: 'E-mail a report again (or for the first time) through the outbox',
    description: `${SESSION} \`{ idNalaza, verzija? }\`: the version (the latest without \`verzija\`) in every language it has is queued `
      + "for the patient's e-mail address as it is now; the outbox sends it, retries and records each attempt. Audited as 'outbox.queue'.\n\n"
      + '`200 { success: true, message, code: "nalazi.mailQueued", outbox }` (`outbox` the message id); no address `409 nalazi.noEmail`; '
      + 'no report or version `404`.',
  }, async (request) => {
    const outbox = await service.send(db, request.ctx, request.body.idNalaza, request.body.verzija);
    return { success: true as const, message: message('nalazi.mailQueued'), code: 'nalazi.mailQueued' as const, outbox };
  });

  registerCall(app, nalaziContracts.cumulative, {
    tags: TAGS,
    summary: "A patient's cumulative report (PDF): verified results of this site over a period, assays × dates",
    description: 'Token and site as on every call. `od`, `do`: days of the site\'s calendar (YYYY-MM-DD, both included); `jezik` bs, en or de '
      + "(without it, the patient's first report language). `application/pdf`, A4 landscape, rendered now and not stored: one table with "
      + 'the assays as rows (grouped by section in report order), the samples as columns (collection day, time and code, oldest first; '
      + 'more than fit a page go to further column blocks), each value with the flag its report printed (L, H, LL, HH, A) and the '
      + "latest result's reference range and unit in a column. The values are those of each verified sample's latest report version "
      + '(corrected values as corrected); an unlocked sample is left out until verified again. Only this site\'s samples are read. '
      + "Logged in the access log as a view of the patient's record.\n\n"
      + 'Unknown patient: `404 notFound`; no verified report of this site in the period (a patient seen only at another site, say): '
      + '`404 nalazi.cumulativeEmpty`. A malformed day: `400` naming `od` or `do`; `od` after `do`: `400 dateRange.invalid` (field `od`); '
      + 'a language other than bs, en, de: `400` naming `jezik`.',
  }, async (request, reply) => {
    const { pdf, jezik } = await service.cumulativePdf(db, request.ctx, request.params.id, request.query);
    return reply.type('application/pdf')
      .header('content-disposition', `inline; filename="kumulativni-${request.query.od}-${request.query.do}-${jezik}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  registerCall(app, nalaziContracts.versions, {
    tags: TAGS,
    summary: "A result report's versions",
    description: `${SESSION}\n\n\`200 { success: true, nalaz: { samples, code, status, pacijent, final, withdrawn }, versions: [{ verzija, `
      + 'jezici, created_at, issued_by, corrected, razlog, original_issued_at, sha256: { <jezik>: hex } }] }`, newest version first: '
      + 'a corrected version carries the unlock\'s reason and when the version it replaces was issued.',
  }, async (request) => ({ success: true as const, ...(await service.versions(db, request.ctx, request.params.sid)) }));

  registerCall(app, nalaziContracts.delete, {
    tags: TAGS,
    summary: 'Withdraw a result report from the list',
    description: `${SESSION} Body (the spec's payload) \`{ email, token, site, status, idNalaza, flag }\`: \`idNalaza\` is the sample id. `
      + 'A lab keeps what it issued: the report leaves the list (audited as `report.withdraw`) while its versions stay stored and '
      + 'retrievable (`pdf`, `versions`); a later verification lists it again. `200 { success: true, message: "Zapis uspješno obrisan!" }`; '
      + 'no listed report of this site: `404`.',
  }, async (request) => {
    await answeringFailureAs(request, 'delete.failed', () => service.withdraw(db, request.ctx, request.body.idNalaza));
    return { success: true as const, message: MESSAGES['delete.ok'].bs, code: 'delete.ok' as const };
  });
  return Promise.resolve();
}
