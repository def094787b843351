import type { FastifyInstance } from 'fastify';
import { languageFromSession, surveillanceContracts, toIsoDate, calendarDateOf } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { siteLetterhead } from '../sites/service.ts';
import * as service from './surveillance-service.ts';
import { renderCumulativeXlsx } from './surveillance-xlsx.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['mikrobiologija'];
const PERIOD = "Token and site as on every call; only the site's own cultures count. `dateRangeMin`, `dateRangeMax` (required): ISO "
  + 'instants (the end inclusive) or days (whole days at the site), from 2019-09-01, counted by the date the specimen was taken; '
  + 'missing or reversed: `400` naming the field. `materijal` (optional): only cultures of this specimen, as the lab names it. '
  + 'Only verified samples count.';
const RULES = 'The first isolate of each species per patient in the period counts (CLSI M39), whatever the specimen and susceptibility '
  + '(with `materijal`, the first among that specimen\'s isolates); the reported category (a person\'s override, else the '
  + 'interpretation); an agent only where interpreted on at least half of the organism\'s first isolates (tested routinely); fewer than '
  + '30 first isolates: `nepouzdano` (statistically unreliable).';

export function surveillanceRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {

  registerCall(app, surveillanceContracts.cumulative, {
    tags: TAGS,
    summary: 'Cumulative antibiogram',
    description: `${PERIOD} ${RULES}\n\n\`200 { success: true, od, do, materijal, materijali, antibiotici: [{ ab, naziv, grupa }], `
      + 'redovi: [{ organizam: { mo, naziv }, izolata, nepouzdano, celije: [{ ab, testirano, s, i, r, postoS, postoI, postoR, postoSI }] }], '
      + 'svihIzolata, prvihIzolata, minIzolata }`: percentages whole (half up) of `testirano`; %S counts S alone, I is counted apart.',
  }, async (request) => {
    const { timeZone: _zone, ...answer } = await service.cumulative(db, request.ctx, request.query);
    return answer;
  });

  registerCall(app, surveillanceContracts.cumulativeXlsx, {
    tags: TAGS,
    summary: 'Cumulative antibiogram as an Excel workbook (XLSX)',
    description: `${PERIOD} ${RULES} \`jezik\` (bs, en, de): the headings' language, else the user's. One sheet: the title, period, `
      + 'specimen and rule, then a row per organism (first isolates, the unreliable mark) with %S, %I, %R and n per agent, as numbers.',
  }, async (request, reply) => {
    const [answer, letterhead] = await Promise.all([service.cumulative(db, request.ctx, request.query), siteLetterhead(db, request.ctx.siteId)]);
    const language = request.query.jezik ?? languageFromSession(request.ctx.language);
    const xlsx = await renderCumulativeXlsx(answer, language, answer.timeZone, letterhead.labName || letterhead.site.naziv);
    const first = toIsoDate(calendarDateOf(new Date(answer.od), answer.timeZone));
    const last = toIsoDate(calendarDateOf(new Date(new Date(answer.do).getTime() - 1), answer.timeZone));
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="kumulativni-antibiogram-${first}-${last}.xlsx"`).header('cache-control', 'no-store')
      .send(xlsx);
  });

  registerCall(app, surveillanceContracts.whonet, {
    tags: TAGS,
    summary: 'WHONET export of the period\'s isolates',
    description: `${PERIOD} Body also \`zemlja\` (COUNTRY_A, ISO 3166 alpha-3, e.g. BIH) and \`laboratorija\` (LABORATORY, up to 3 letters `
      + 'or digits).\n\n`200 text/tab-separated-values`: UTF-8, a header of WHONET field names (COUNTRY_A, LABORATORY, PATIENT_ID, SEX, AGE, '
      + 'SPEC_NUM, SPEC_DATE, SPEC_TYPE, SPEC_CODE, ISOL_NUM, ORGANISM, then one column per agent and method named as WHONET does: '
      + 'AMP_EM for a MIC, AMP_ED for a disk under EUCAST), one line per isolate with the measurements as typed. PATIENT_ID is a '
      + "pseudonym (HMAC of the patient's internal id under the lab's secret), never the JMBG or name; ORGANISM is the scientific name "
      + 'and SPEC_CODE the specimen as named (WHONET\'s own codes are not open data). Every export writes an audit row '
      + '(`micro.whonetExport`: period, specimen, isolates, patients). Needs `results.verify`.',
  }, async (request, reply) => {
    const exported = await service.whonetExport(db, request.ctx, request.body);
    return reply.type('text/tab-separated-values; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exported.name}"`).header('cache-control', 'no-store')
      .send(Buffer.from(exported.text, 'utf8'));
  });
  return Promise.resolve();
}
