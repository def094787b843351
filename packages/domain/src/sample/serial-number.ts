/**
 * The serial-number dialog: a tube whose barcode will not scan is found by the
 * running number printed on its label (pacijentRBr, the day's number). The
 * dialog's data is the list of today's samples, and its OK is disabled while
 * the input is empty, not a number, or above the data length (spec, section 5).
 *
 * The running numbers are the lab's, across all sites, and a deleted sample's
 * number is never given again; so on one site the numbers of today can have
 * gaps. The "data length" a number is checked against is therefore the
 * highest running number in the data (on a site whose numbers run 1..n it is
 * exactly the length n), and a number inside it that no sample of the data
 * carries is refused too: OK only ever opens a row that exists.
 */

export type SerialNumberProblem = 'empty' | 'notNumber' | 'aboveLength' | 'notInData';

export interface SerialNumberChoice<Row> {
  problem: SerialNumberProblem | null;
  /** The row with that running number, when there is one. */
  row: Row | null;
  /** The highest running number of the data (0 without data). */
  highest: number;
}

export function chooseBySerialNumber<Row>(input: string, rows: readonly Row[], numberOf: (row: Row) => number): SerialNumberChoice<Row> {
  const highest = rows.reduce((max, row) => Math.max(max, numberOf(row)), 0);
  const text = input.trim();
  if (text === '') return { problem: 'empty', row: null, highest };
  if (!/^\d+$/.test(text)) return { problem: 'notNumber', row: null, highest };
  const wanted = Number(text);
  if (wanted < 1) return { problem: 'notNumber', row: null, highest };
  if (wanted > highest) return { problem: 'aboveLength', row: null, highest };
  const row = rows.find((candidate) => numberOf(candidate) === wanted) ?? null;
  return { problem: row === null ? 'notInData' : null, row, highest };
}
