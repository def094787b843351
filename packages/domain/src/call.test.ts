import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as domain from './index.ts';
import { answersFile, successAnswerOf, type CallSpec } from './call.ts';

function isCall(value: unknown): value is CallSpec {
  return Boolean(value && typeof value === 'object' && 'method' in value && 'path' in value && 'permission' in value && 'response' in value);
}

/** Every call contract the domain exports: in contract objects (`sampleContracts.save`), alone, or made per setting kind. */
function everyCall(): { name: string; call: CallSpec }[] {
  const calls: { name: string; call: CallSpec }[] = [];
  const collect = (name: string, value: unknown) => {
    if (isCall(value)) calls.push({ name, call: value });
    else if (value && typeof value === 'object' && !Array.isArray(value) && !('safeParse' in value)) {
      for (const [key, inner] of Object.entries(value)) if (isCall(inner)) calls.push({ name: `${name}.${key}`, call: inner });
    }
  };
  for (const [name, value] of Object.entries(domain)) collect(name, value);
  for (const kind of domain.SETTING_RECORD_KIND_NAMES) collect(`settingRecordContracts(${kind})`, domain.settingRecordContracts(kind));
  return calls;
}

describe('call contracts', () => {
  const calls = everyCall();

  it('are found: every call of the API is declared once, here', () => {
    expect(calls.length).toBeGreaterThan(150);
  });

  it('name each method and path once', () => {
    const seen = new Map<string, string>();
    for (const { name, call } of calls) {
      const key = `${call.method} ${call.path}`;
      expect(seen.get(key), `${key}: ${name} and ${seen.get(key)}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  it('declare a params schema exactly for the path parameters their path names', () => {
    for (const { name, call } of calls) {
      expect(call.path, name).toMatch(/^\/[a-z0-9/_:-]*$/i);
      const named = [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]).sort();
      const declared = call.params ? Object.keys((call.params as z.ZodObject).shape).sort() : [];
      expect(declared, name).toEqual(named);
    }
  });

  it('answer JSON with a success schema, or a file described by its media type', () => {
    for (const { name, call } of calls) {
      const success = successAnswerOf(call);
      expect(success, name).toBeDefined();
      if (!answersFile(call)) expect(typeof (success as z.ZodType).safeParse, name).toBe('function');
    }
  });
});
