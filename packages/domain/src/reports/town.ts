import { foldForSearch } from '../bosnian-sort-key.ts';

/**
 * A patient's town for 'Pacijenti po mjestu'. Addresses are free text
 * ('Ferhadija 12, Sarajevo'); a site lists the towns it serves (`mjesta`).
 * The town is the first of the site's towns that appears in the address as
 * whole words, case and diacritics ignored ('ilidza' matches Ilidža); null
 * when none does. The server's SQL applies this same rule (reports tests
 * compare the two).
 */
export function townKey(text: string): string {
  return foldForSearch(text).replace(/[^a-z0-9]+/g, ' ').trim();
}

export function townOfAddress(address: string, towns: readonly string[]): string | null {
  const words = ` ${townKey(address)} `;
  return towns.find((town) => {
    const key = townKey(town);
    return key !== '' && words.includes(` ${key} `);
  }) ?? null;
}
