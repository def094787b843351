import { describe, expect, it } from 'vitest';
import { recordChanges } from './history-diff.ts';

describe('recordChanges', () => {
  it('lists the changed fields of a record, not its id', () => {
    expect(recordChanges(
      { _id: 'u1', ime: 'Ana', sites: ['a'], disabled: false },
      { _id: 'u1', ime: 'Ana', sites: ['a', 'b'], disabled: true },
    )).toEqual([
      { field: 'sites', before: ['a'], after: ['a', 'b'] },
      { field: 'disabled', before: false, after: true },
    ]);
  });

  it('lists every field of a created record', () => {
    expect(recordChanges(null, { _id: 's', sifra: 'MO' })).toEqual([{ field: 'sifra', before: null, after: 'MO' }]);
  });

  it('compares nested options field by field', () => {
    expect(recordChanges(
      { options: { labName: '', hiddenMenu: {} }, label: { width: 50, dpi: 203 } },
      { options: { labName: 'Lab', hiddenMenu: { viewer: ['/prijem'] } }, label: { width: 60, dpi: 203 } },
    )).toEqual([
      { field: 'options.labName', before: '', after: 'Lab' },
      { field: 'options.hiddenMenu', before: {}, after: { viewer: ['/prijem'] } },
      { field: 'label.width', before: 50, after: 60 },
    ]);
  });

  it('lists nothing when no data changed', () => {
    expect(recordChanges({ ime: 'A' }, { ime: 'A' })).toEqual([]);
  });
});
