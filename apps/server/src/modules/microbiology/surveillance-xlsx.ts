import ExcelJS from 'exceljs';
import type { CumulativeAnswer, Language } from '@lis/domain';
import { siteDateTime } from '../../lib/site-date-time.ts';

// The cumulative antibiogram as an Excel workbook: a title, the period and specimen, the rule it follows,
// then one row per organism (its first isolates, whether that is too few to rely on) and four columns per
// agent: %S, %I, %R and the number of isolates tested. Percentages and counts are numbers, so they can be
// charted or compared year on year; an agent not routinely tested for an organism is an empty cell.

const TEXTS = {
  title: { bs: 'Kumulativni antibiogram', en: 'Cumulative antibiogram', de: 'Kumulatives Antibiogramm' },
  period: { bs: 'Period', en: 'Period', de: 'Zeitraum' },
  specimen: { bs: 'Materijal', en: 'Specimen', de: 'Material' },
  every: { bs: 'svi', en: 'all', de: 'alle' },
  rule: {
    bs: 'Prvi izolat svake vrste po pacijentu u periodu (CLSI M39), samo verificirani nalazi. %S broji samo S; I (osjetljiv uz povećanu izloženost) je posebno.',
    en: 'First isolate of each species per patient in the period (CLSI M39), verified results only. %S counts S alone; I (susceptible, increased exposure) is counted apart.',
    de: 'Erstisolat jeder Spezies pro Patient im Zeitraum (CLSI M39), nur validierte Befunde. %S zählt nur S; I (sensibel bei erhöhter Exposition) wird getrennt gezählt.',
  },
  organism: { bs: 'Organizam', en: 'Organism', de: 'Organismus' },
  isolates: { bs: 'Izolata', en: 'Isolates', de: 'Isolate' },
  unreliable: { bs: 'Manje od {{min}} izolata', en: 'Fewer than {{min}} isolates', de: 'Weniger als {{min}} Isolate' },
  unreliableMark: { bs: 'statistički nepouzdano', en: 'statistically unreliable', de: 'statistisch unzuverlässig' },
  tested: { bs: 'n', en: 'n', de: 'n' },
} as const;

export async function renderCumulativeXlsx(answer: CumulativeAnswer, language: Language, timeZone: string, labName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LIS';
  const sheet = workbook.addWorksheet(TEXTS.title[language]);
  const last = new Date(new Date(answer.do).getTime() - 1);
  if (labName) sheet.addRow([labName]).font = { bold: true, size: 12 };
  sheet.addRow([TEXTS.title[language]]).font = { bold: true, size: 14 };
  sheet.addRow([`${TEXTS.period[language]}: ${siteDateTime(new Date(answer.od), timeZone)} – ${siteDateTime(last, timeZone)}`]);
  sheet.addRow([`${TEXTS.specimen[language]}: ${answer.materijal ?? TEXTS.every[language]}`]);
  sheet.addRow([TEXTS.rule[language]]);
  sheet.addRow([]);

  // Two heading rows: the agent's name over its four columns, then %S %I %R n.
  const agentRow = sheet.addRow([TEXTS.organism[language], TEXTS.isolates[language], TEXTS.unreliable[language].replace('{{min}}', String(answer.minIzolata)),
    ...answer.antibiotici.flatMap((agent) => [agent.naziv, '', '', ''])]);
  const measureRow = sheet.addRow(['', '', '', ...answer.antibiotici.flatMap(() => ['%S', '%I', '%R', TEXTS.tested[language]])]);
  for (const row of [agentRow, measureRow]) row.font = { bold: true };
  answer.antibiotici.forEach((_, index) => {
    const first = 4 + index * 4;
    sheet.mergeCells(agentRow.number, first, agentRow.number, first + 3);
    agentRow.getCell(first).alignment = { horizontal: 'center' };
  });
  measureRow.eachCell((cell) => { cell.border = { bottom: { style: 'thin' } }; });

  for (const row of answer.redovi) {
    const cellOf = new Map(row.celije.map((cell) => [cell.ab, cell]));
    sheet.addRow([
      row.organizam.naziv, row.izolata, row.nepouzdano ? TEXTS.unreliableMark[language] : '',
      ...answer.antibiotici.flatMap((agent) => {
        const cell = cellOf.get(agent.ab);
        return cell ? [cell.postoS, cell.postoI, cell.postoR, cell.testirano] : [null, null, null, null];
      }),
    ]).getCell(1).font = { italic: true };
  }
  sheet.getColumn(1).width = 34;
  sheet.getColumn(2).width = 9;
  sheet.getColumn(3).width = 22;
  answer.antibiotici.forEach((_, index) => {
    for (let offset = 0; offset < 4; offset += 1) sheet.getColumn(4 + index * 4 + offset).width = 7;
  });
  sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: measureRow.number }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
