/**
 * The translation check: a Bosnian screen never shows an i18n key or a plural
 * that i18next cannot resolve. i18next picks a plural form by the language's
 * rules (Bosnian: 'one' for 1 and 21, 'few' for 2–4 and 22, 'other' for 5), and a
 * missing form shows the raw key ('outbox.attachments' for 2 PDFs). The
 * Playwright walk over the sidebar screens (e2e/tests/languages.spec.ts) checks
 * the rendered screens as well.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../app/catalogues.ts';
import { i18n } from './index.ts';

const LANGUAGES = ['bs', 'en', 'de'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [1, 2, 5, 21, 22];

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const SOURCE_ROOT = join(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

interface KeyUse { file: string; key: string; counted: boolean }

/** Every `t('literal.key', …)` of the web app's screens, with the key prefix of the file's `useTranslation` where it has one. */
function keyUses(): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const path of sourceFiles(SOURCE_ROOT)) {
    // Comments may show usage ('t('group.key')'): only code counts.
    const text = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const prefixes = [...text.matchAll(/keyPrefix: '([\w.]+)'/g)].map((match) => `${match[1]}.`);
    for (const match of text.matchAll(/\b(?:t|text)\(\s*'([\w.]+)'\s*(,\s*\{[^}]*\})?/g)) {
      const key = match[1] ?? '';
      const counted = /\bcount\b/.test(match[2] ?? '');
      // A file with a key prefix calls t('perPage') for 'listTable.perPage'; a key of another group is written whole.
      const candidates = [key, ...prefixes.map((prefix) => `${prefix}${key}`)];
      uses.push({ file: relative(SOURCE_ROOT, path), key: resolvedKey(candidates), counted });
    }
  }
  return uses;
}

const BS_KEYS = new Set(keysOf(CATALOGUES.bs));
const pluralBase = (key: string) => key.replace(PLURAL_SUFFIX, '');
const BS_BASES = new Set([...BS_KEYS].map(pluralBase));

function resolvedKey(candidates: string[]): string {
  return candidates.find((key) => BS_BASES.has(key)) ?? candidates[0] ?? '';
}

function pluralBases(language: (typeof LANGUAGES)[number]): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const key of keysOf(CATALOGUES[language])) {
    const suffix = PLURAL_SUFFIX.exec(key)?.[1];
    if (!suffix) continue;
    const base = pluralBase(key);
    bases.set(base, [...(bases.get(base) ?? []), suffix]);
  }
  return bases;
}

/** i18next's t for keys that are only known at run time (the typed t takes literal keys). */
const translate = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;

afterAll(async () => {
  await i18n.changeLanguage('bs');
});

describe('plural forms', () => {
  it.each(LANGUAGES)('are complete for every counted text in %s (Bosnian: one, few and other)', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const incomplete = [...pluralBases(language)].filter(([, forms]) => categories.some((category) => !forms.includes(category)))
      .map(([base, forms]) => `${base}: ${forms.join(',')}`);
    expect(incomplete).toEqual([]);
    expect(categories.length).toBeGreaterThan(1);
  });

  it('read as Bosnian words for 1, 2, 5, 21 and 22 of every counted text, never as a key', async () => {
    await i18n.changeLanguage('bs');
    const counted = new Set([...pluralBases('bs').keys(), ...keyUses().filter((use) => use.counted).map((use) => use.key)]);
    const wrong: string[] = [];
    for (const key of counted) {
      for (const count of COUNTS) {
        const text = translate(key, { count, n: count, text: 'x', state: 'x', minutes: 5, assay: 'GLU', level: 1, first: 1, second: 2 });
        if (text === key || text.includes(key) || !text.includes(String(count))) wrong.push(`${key} (${count}): ${text}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(i18n.t('outbox.attachments', { count: 2 })).toBe('2 PDF-a');
    expect(i18n.t('outbox.attachments', { count: 5 })).toBe('5 PDF-ova');
    expect(i18n.t('outbox.attachments', { count: 21 })).toBe('21 PDF');
    expect(i18n.t('statistics.urgentWaiting', { count: 22 })).toBe('22 čekaju verifikaciju');
  });

  it('a counted text without plural forms stands its number apart from a noun ("Redova: 5"), so it reads right for every number', () => {
    const glued = keyUses().filter((use) => use.counted && BS_KEYS.has(use.key)).flatMap((use) => LANGUAGES.flatMap((language) => {
      const text = use.key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], CATALOGUES[language]);
      // '{{count}} min' and '{{count}} d.' are units, which do not decline.
      return /\{\{count\}\} (?!min\b|Min\.|d\.|T\.)\p{L}/u.test(String(text)) ? [`${language}:${use.key}: ${String(text)}`] : [];
    }));
    expect(glued).toEqual([]);
  });
});

describe('keys used by the screens', () => {
  it('every literal key a screen asks for is in the catalogue (as a text or as plural forms), so no raw key can show', () => {
    const uses = keyUses();
    expect(uses.length).toBeGreaterThan(500);
    const missing = uses.filter((use) => /^[a-zA-Z]\w*(\.\w+)+$/.test(use.key) && !BS_BASES.has(use.key))
      .map((use) => `${use.file}: ${use.key}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
