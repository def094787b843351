/**
 * Sorting by the Bosnian alphabet, whatever the database's collation:
 * A B C Č Ć D Dž Đ E F G H I J K L Lj M N Nj O P R S Š T U V Z Ž
 * (foreign Q, W, X, Y in their Latin places). A name's sort key is plain
 * ASCII whose byte order is that alphabetical order, so `ORDER BY key` sorts
 * Bosnian names right on PGlite (C locale) and on any PostgreSQL server.
 *
 * Every character becomes two: a letter its base letter and its rank among
 * the letters sharing that base (c0 C, c1 Č, c2 Ć; d0 D, d1 Dž, d2 Đ; l1 Lj;
 * n1 Nj; s1 Š; z1 Ž), a digit `1` and the digit, a space or hyphen `00`.
 * Case is ignored, accents of foreign names fold to the base letter
 * (é → e, ü → u), and every other character is left out. Equal-length codes
 * keep a shorter name before a longer one it begins (Ana before Anić).
 *
 * The database computes the same key in SQL (the server's generated columns
 * `prezime_sort` and `ime_sort`, built from the fold tables below); a server
 * test proves both agree.
 */

/** Upper case and foreign accented letters, and what each becomes before coding. */
export const SORT_KEY_FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZČĆĐŠŽÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝŸÑÇáàâäãåéèêëíìîïóòôöõúùûüýÿñç';
export const SORT_KEY_FOLD_TO = 'abcdefghijklmnopqrstuvwxyzčćđšžaaaaaaeeeeiiiiooooouuuuyyncaaaaaaeeeeiiiiooooouuuuyync';

const KEPT = /[^a-z0-9čćđšž -]/gu;

/**
 * Folding for 'Pretraga' without diacritics: case and every accent go, so
 * 'colic' finds Čolić and 'dzeko' Džeko (Đ folds to d). Other characters stay.
 * The database keeps this fold of ime and prezime beside the names; a typed
 * word matches the start of the name or of its fold, so 'čol' still finds
 * only Čolić and 'col' finds Colić and Čolić.
 */
export const SEARCH_FOLD_FROM = `${SORT_KEY_FOLD_FROM}čćđšž`;
export const SEARCH_FOLD_TO = `${[...SORT_KEY_FOLD_TO].map((character) => ({ č: 'c', ć: 'c', đ: 'd', š: 's', ž: 'z' })[character] ?? character).join('')}ccdsz`;

const SEARCH_FOLD = new Map([...SEARCH_FOLD_FROM].map((character, index) => [character, [...SEARCH_FOLD_TO][index] ?? '']));

/** The text as 'Pretraga' compares it without diacritics: ČOLIĆ -> colic. */
export function foldForSearch(text: string): string {
  return [...text].map((character) => SEARCH_FOLD.get(character) ?? character).join('');
}

/** The two-character codes of the letters that are not plain ASCII (digraphs first, as the alphabet reads them). */
const SPECIAL_CODES: readonly (readonly [string, string])[] = [
  ['dž', 'd1'], ['lj', 'l1'], ['nj', 'n1'], ['č', 'c1'], ['ć', 'c2'], ['đ', 'd2'], ['š', 's1'], ['ž', 'z1'],
];

const FOLD = new Map([...SORT_KEY_FOLD_FROM].map((character, index) => [character, [...SORT_KEY_FOLD_TO][index] ?? '']));

/** The ASCII key that sorts `text` in Bosnian alphabetical order. */
export function bosnianSortKey(text: string): string {
  const folded = [...text].map((character) => FOLD.get(character) ?? character).join('').replace(KEPT, '');
  const codes: string[] = [];
  for (let index = 0; index < folded.length;) {
    const pair = SPECIAL_CODES.find(([letters]) => folded.startsWith(letters, index));
    if (pair) {
      codes.push(pair[1]);
      index += pair[0].length;
      continue;
    }
    const character = folded.charAt(index);
    if (character === ' ' || character === '-') codes.push('00');
    else if (character >= '0' && character <= '9') codes.push(`1${character}`);
    else codes.push(`${character}0`);
    index += 1;
  }
  return codes.join('');
}
