import { describe, expect, it } from 'vitest';
import { siteSwitchPath } from './site-switch.ts';

const SITE = '7c1f0c9e-2f4b-4d7a-9a55-0d1f4b2c3e4f';

describe('siteSwitchPath', () => {
  it.each([
    ['/nalazi/pregled', `/nalazi/pregled/?site=${SITE}`],
    ['/nalazi/pregled/42', `/nalazi/pregled/?site=${SITE}`],
    ['/nalazi/pregled/42_German', `/nalazi/pregled/?site=${SITE}`],
    ['/nalazi/outbox', `/nalazi/outbox/?site=${SITE}`],
    ['/nalazi/outbox/17', `/nalazi/outbox/?site=${SITE}`],
    ['/obrada/pregled', `/obrada/pregled/?site=${SITE}`],
    ['/obrada/rezultati/5/9', `/obrada/pregled/?site=${SITE}`],
    ['/obrada/predracun/9', `/obrada/pregled/?site=${SITE}`],
    ['/kontrole/obrada/pregled', `/kontrole/obrada/pregled/?site=${SITE}`],
    ['/kontrole/obrada/rezultati', `/kontrole/obrada/pregled/?site=${SITE}`],
    ['/kontrole/unos', `/kontrole/obrada/pregled/?site=${SITE}`],
    ['/kontrole/charts', `/kontrole/obrada/pregled/?site=${SITE}`],
    ['/samples/3f2a', `/prijem/?site=${SITE}`],
  ])('sends %s to %s', (from, to) => {
    expect(siteSwitchPath(from, SITE)).toBe(to);
  });

  it('keeps any other path and only sets the site', () => {
    expect(siteSwitchPath('/prijem', SITE)).toBe(`/prijem?site=${SITE}`);
    expect(siteSwitchPath('/inventar/stanje', SITE)).toBe(`/inventar/stanje?site=${SITE}`);
    expect(siteSwitchPath('/', SITE)).toBe(`/?site=${SITE}`);
  });

  it('encodes the site so it cannot break the query string', () => {
    expect(siteSwitchPath('/prijem', 'a&b')).toBe('/prijem?site=a%26b');
  });
});
