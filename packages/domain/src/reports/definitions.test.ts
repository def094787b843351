import { describe, expect, it } from 'vitest';
import { sidebarFor } from '../menu.ts';
import { REPORT_FLAGS } from '../settings/general-options.ts';
import { REPORT_DEFINITIONS } from './definitions.ts';

describe('REPORT_DEFINITIONS', () => {
  it('has one report per session report flag, each naming its columns and figures in three languages', () => {
    expect(Object.keys(REPORT_DEFINITIONS).sort()).toEqual([...REPORT_FLAGS].sort());
    for (const definition of Object.values(REPORT_DEFINITIONS)) {
      for (const column of [...definition.columns, ...definition.summary]) {
        expect(column.label.bs && column.label.en && column.label.de, `${definition.flag}.${column.key}`).toBeTruthy();
      }
      if (definition.chart) {
        const keys = definition.columns.map((column) => column.key);
        expect(keys).toContain(definition.chart.x);
        for (const series of definition.chart.series) expect(keys).toContain(series);
      }
    }
  });
});

describe("the sidebar's 'Izvještaji'", () => {
  it('is offered only to a session with a report flag set', () => {
    const paths = (reports: Record<string, boolean>) => sidebarFor('technician', 0, '/prijem', reports).map((item) => item.path);
    expect(paths({ protokol: true, fpodanu: false })).toContain('/reports');
    expect(paths({ protokol: false, fpodanu: false })).not.toContain('/reports');
    expect(paths({})).not.toContain('/reports');
  });
});
