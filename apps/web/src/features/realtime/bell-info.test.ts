import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { withBellInfo } from './realtime.ts';

afterEach(async () => { await i18n.changeLanguage('bs'); });

const critical = {
  id: 's-1', info: '261128001 HODŽIĆ AMRA',
  kriticno: [{ naziv: 'Glukoza', naziv_en: 'Glucose', naziv_de: 'Glukose', rezultat: '30.5', jedinica: 'mmol/L', flag: 'HH' }],
};
const rejected = { serija: 'run-1', naziv: 'Kalij', naziv_en: 'Potassium', naziv_de: 'Kalium', pravila: ['1-3s'], analyser: null };

describe("the bell's lines name tests in the reader's language", () => {
  it('a critical value: the test, the value with the decimal mark, the unit', async () => {
    expect((withBellInfo('result:critical', critical) as { info: string }).info).toContain('Glukoza 30,5 mmol/L');
    await i18n.changeLanguage('en');
    expect((withBellInfo('result:critical', critical) as { info: string }).info).toContain('Glucose 30.5 mmol/L');
    await i18n.changeLanguage('de');
    expect((withBellInfo('result:critical', critical) as { info: string }).info).toContain('Glukose 30,5 mmol/L');
  });

  it('a rejected control run: the assay by its name in the language', async () => {
    expect((withBellInfo('qc:rejected', rejected) as { info: string }).info).toContain('Kalij');
    await i18n.changeLanguage('de');
    const info = (withBellInfo('qc:rejected', rejected) as { info: string }).info;
    expect(info).toContain('Kalium');
    expect(info).toContain('1-3s');
  });
});
