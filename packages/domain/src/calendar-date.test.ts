import { describe, expect, it } from 'vitest';
import { fromLocalDateText, toLocalDateText } from './calendar-date.ts';

describe('fromLocalDateText', () => {
  it('reads dd.mm.yyyy and the dashed form the label call sends', () => {
    expect(fromLocalDateText('05.03.2024')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(fromLocalDateText('29-02-2024')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('reads back what toLocalDateText prints', () => {
    const date = { year: 2019, month: 12, day: 31 };
    expect(fromLocalDateText(toLocalDateText(date))).toEqual(date);
  });

  it('refuses days that do not exist, mixed separators and other shapes', () => {
    for (const text of ['29-02-2023', '31.04.2024', '00.01.2024', '12.13.2024', '05.03-2024', '5.3.2024', '2024-03-05', '05/03/2024', '']) {
      expect(fromLocalDateText(text), text).toBeNull();
    }
  });
});
