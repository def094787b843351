/**
 * The values on the result entry screen: what the person typed (drafts) over
 * what the server holds, which of them changed, the flag shown beside each,
 * and the order of sections. The rules themselves (flags, allowed values,
 * what counts as a result) are the domain's; this file only applies them to
 * the screen's state.
 */
import {
  type ResultTest, type ResultsSaveRequest, hasResult, resultAnswerFlag, resultValueProblem, sameResultText, type MessageCode,
} from '@lis/domain';
import { shownResult } from '../../lib/reference-range-text.ts';

/** A flag as the answer carries it: L/H outside the range, LL/HH critical, A an abnormal text; null within range or unknown. */
export type ShownFlag = ResultTest['flag'];

/** What the person typed, by the sample's test entry (`_id`), exactly as typed. */
export type Drafts = Readonly<Record<string, string>>;

export type ResultEntry = ResultsSaveRequest['rezultati'][number];

/**
 * The stored result as the input shows it, a number with the decimal mark of the language shown now (stored
 * '1.1' reads '1,1' in Bosnian); no result is an empty field.
 */
export function storedText(test: ResultTest): string {
  return test.rezultat === null ? '' : shownResult(test.rezultat);
}

/** The value on screen: the person's draft, else the stored result. */
export function shownText(test: ResultTest, drafts: Drafts): string {
  return drafts[test._id] ?? storedText(test);
}

/**
 * Calculated tests are never typed; any other test changed when its draft is another result than the stored
 * one: '5.2' typed over a stored '5,2' is the same number, whichever mark either has.
 */
export function isChanged(test: ResultTest, drafts: Drafts): boolean {
  const draft = drafts[test._id];
  return !test.calculated && draft !== undefined && !sameResultText(draft, test.rezultat ?? '');
}

/** The save request's entries: every changed test with the exact text typed ('' clears the result). */
export function changedResults(tests: readonly ResultTest[], drafts: Drafts): ResultEntry[] {
  return tests.filter((test) => isChanged(test, drafts)).map((test) => ({ test: test._id, rezultat: drafts[test._id] ?? '' }));
}

/** The drafts left once `saved` reached the server: a value typed again since the save was sent stays a draft. */
export function draftsAfterSave(drafts: Drafts, saved: readonly ResultEntry[]): Record<string, string> {
  const left: Record<string, string> = { ...drafts };
  for (const entry of saved) if (left[entry.test] === (entry.rezultat ?? '')) delete left[entry.test];
  return left;
}

/**
 * The flag beside a value. The stored value carries the server's flag. A value
 * being typed is judged at once against the patient's reference range and the
 * critical limits the answer gave, by the rule the server stores flags with
 * (resultAnswerFlag), so LL/HH show before saving, as the save will store them.
 */
export function shownFlag(test: ResultTest, text: string): ShownFlag {
  if (sameResultText(text, test.rezultat ?? '')) return test.flag;
  return resultAnswerFlag(text, test);
}

/** A value about to be saved that is beyond a critical limit: the test, the value as typed and the flag. */
export interface CriticalEntry {
  test: ResultTest;
  rezultat: string;
  flag: 'LL' | 'HH';
}

/** Which of the entries being saved are critical, judged as the server will judge them. */
export function criticalEntries(tests: readonly ResultTest[], entries: readonly ResultEntry[]): CriticalEntry[] {
  const byId = new Map(tests.map((test) => [test._id, test]));
  return entries.flatMap((entry) => {
    const test = byId.get(entry.test);
    const rezultat = entry.rezultat ?? '';
    if (!test || rezultat.trim() === '') return [];
    const flag = resultAnswerFlag(rezultat, test);
    return flag === 'LL' || flag === 'HH' ? [{ test, rezultat, flag }] : [];
  });
}


/** Why the value cannot be saved (a catalogue code), or null. Only changed values are judged: what the server holds it accepted. */
export function valueProblem(test: ResultTest, drafts: Drafts): MessageCode | null {
  return isChanged(test, drafts) ? resultValueProblem(test, drafts[test._id] ?? '') : null;
}

/** Every test of the sample has a result on the server: the sample can be approved. */
export function everyTestHasResult(tests: readonly ResultTest[]): boolean {
  return tests.every((test) => hasResult(test.rezultat));
}

export interface ResultSection {
  _id: string;
  naziv: string;
  naziv_en: string;
  naziv_de: string;
  tests: ResultTest[];
}

/** The tests grouped by lab section in report order (the section's `redoslijed`), each section keeping the answer's order. */
export function sectionsOf(tests: readonly ResultTest[]): ResultSection[] {
  const sections = new Map<string, ResultSection & { redoslijed: number; first: number }>();
  tests.forEach((test, index) => {
    const section = sections.get(test.sekcija._id)
      ?? { ...test.sekcija, first: index, tests: [] };
    section.tests.push(test);
    sections.set(section._id, section);
  });
  return [...sections.values()]
    .sort((a, b) => a.redoslijed - b.redoslijed || a.first - b.first)
    .map(({ _id, naziv, naziv_en, naziv_de, tests: sectionTests }) => ({ _id, naziv, naziv_en, naziv_de, tests: sectionTests }));
}

/** The tests in the order the screen shows them (section by section): the order Enter moves through. */
export function entryOrder(tests: readonly ResultTest[]): ResultTest[] {
  return sectionsOf(tests).flatMap((section) => section.tests);
}

export { referenceText } from '../../lib/reference-range-text.ts';
