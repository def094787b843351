import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { forbiddenAddressField, forbiddenCharacterPath, forbiddenInputField, hasForbiddenCharacter } from './input-guard.ts';

describe('hasForbiddenCharacter', () => {
  it('refuses NUL and a surrogate without its partner, keeps every other text', () => {
    expect(hasForbiddenCharacter('A\u0000B')).toBe(true);
    expect(hasForbiddenCharacter('\uD800')).toBe(true);
    expect(hasForbiddenCharacter('x\uDC00')).toBe(true);
    expect(hasForbiddenCharacter('\uDC00\uD800')).toBe(true);
    expect(hasForbiddenCharacter('Čćđšž 🙂 \u202Eעברית\u0001\t')).toBe(false);
    expect(hasForbiddenCharacter('')).toBe(false);
  });
});

describe('forbiddenCharacterPath', () => {
  it('names the first bad field with its path', () => {
    expect(forbiddenCharacterPath({ code: 'A\u0000' })).toBe('code');
    expect(forbiddenCharacterPath({ testovi: ['a', 'b', 'c\u0000'] })).toBe('testovi.2');
    expect(forbiddenCharacterPath({ lokacija: { lokacija: '\uD83D' } })).toBe('lokacija.lokacija');
    expect(forbiddenCharacterPath({ sid: '\u0000' }, 'params')).toBe('params.sid');
    expect(forbiddenCharacterPath('\u0000')).toBe('body');
  });

  it('refuses a bad key under its parent, and passes clean input of any shape', () => {
    expect(forbiddenCharacterPath({ patient: { 'a\u0000b': 1 } })).toBe('patient');
    expect(forbiddenCharacterPath({ a: [1, true, null, { b: 'Ž' }], c: 2 })).toBeNull();
    expect(forbiddenCharacterPath(undefined)).toBeNull();
  });

  it('walks a body nested deeper than the call stack would allow', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(forbiddenCharacterPath(deep)).toMatch(/^0\.0\.0\..*…$/);
  });
});

describe('forbiddenInputField', () => {
  it('checks the session headers, path, query and body in that order', () => {
    const clean = { headers: {}, params: { id: 'x' }, query: { filter: 'a' }, body: { code: 'b' } };
    expect(forbiddenInputField(clean)).toBeNull();
    expect(forbiddenInputField({ ...clean, headers: { 'x-site': '\u0000' } })).toBe('headers.x-site');
    expect(forbiddenInputField({ ...clean, params: { id: '\u0000' }, body: { code: '\u0000' } })).toBe('params.id');
    expect(forbiddenInputField({ ...clean, query: { filter: '\u0000' } })).toBe('filter');
    expect(forbiddenInputField({ ...clean, body: { code: '\u0000' } })).toBe('code');
  });
});

describe("the guard's cost", () => {
  it('never walks a binary body: a 24 MB upload costs nothing', () => {
    const upload = Buffer.alloc(24 * 1_048_576);
    const bytes = new Uint8Array(8 * 1_048_576);
    const started = performance.now();
    expect(forbiddenCharacterPath(upload)).toBeNull();
    expect(forbiddenCharacterPath({ file: bytes }, 'params')).toBeNull();
    // Walking the bytes took seconds; skipping them takes microseconds. The bound is generous for a busy machine.
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('walks a large array keeping no object per element', () => {
    const size = 2_000_000;
    let growthAtFirst = Number.NaN;
    let baseline = 0;
    // The first element reports the heap when the walk reads into it: a walk that first queued a place for
    // every element (as the guard once did) holds well over 100 MB of them by then; this one holds nothing.
    const probe = { get text(): string { growthAtFirst = process.memoryUsage().heapUsed - baseline; return 'ab'; } };
    const values: unknown[] = [probe, ...Array.from({ length: size }, (_, index) => (index % 2 === 0 ? 'ab' : index))];
    baseline = process.memoryUsage().heapUsed;
    expect(forbiddenCharacterPath(values)).toBeNull();
    expect(growthAtFirst).toBeLessThan(16 * 1_048_576);
  });
});

describe('forbiddenAddressField', () => {
  it("checks Fastify's own params and query objects, whatever their prototype", () => {
    const params = Object.create(Object.create(null) as object) as Record<string, string>;
    params.sid = '\u0000';
    expect(forbiddenAddressField({ headers: {}, params, query: {} })).toBe('params.sid');
  });

  it('never walks a stream', () => {
    expect(forbiddenCharacterPath({ pipe: () => undefined, text: '\u0000' })).toBeNull();
    expect(forbiddenCharacterPath({ file: Readable.from(['\u0000']) })).toBeNull();
  });
});
