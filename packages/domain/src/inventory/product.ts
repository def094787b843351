/**
 * A product of the inventory (a reagent or consumable, identified in the lab
 * by its LN) and the rules of the 'Unos produkta' dialog, shared by the form
 * and the server.
 */

/** LN and the description need at least this many characters before the dialog may confirm. */
export const LN_MIN_LENGTH = 3;
export const OPIS_MIN_LENGTH = 3;
/** The existence check of an LN runs only once the LN is longer than this, so short prefixes do not hit the server. */
export const LN_CHECK_ABOVE = 3;
export const LN_MAX_LENGTH = 40;
/** Below this stock (in packages) the product is reported as low; 0 means never. */
export const DEFAULT_NIVO = 0;
/** A lot is reported as expiring this many days before its expiry. */
export const DEFAULT_DANADOROKA = 30;
export const MAX_DANADOROKA = 3650;

/** Units of a package's content (sadrzaj is counted in them). */
export const PRODUCT_UNITS = ['test', 'mL', 'L', 'kom', 'g', 'kg'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** Countries of origin the dialog offers. */
export const PRODUCT_COUNTRIES = ['Germany', 'Ireland', 'USA', 'Poland', 'Switzerland', 'Japan'] as const;
export type ProductCountry = (typeof PRODUCT_COUNTRIES)[number];

/** The four reference lists a product points into; the fifth, OJ (organisational unit), is the lab's sites. */
export const REFERENCE_KINDS = ['klasa', 'program', 'platforma', 'proizvodjac'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export function isReferenceKind(value: string): value is ReferenceKind {
  return (REFERENCE_KINDS as readonly string[]).includes(value);
}

/** Whether the typed LN is long enough for the dialog to ask the server whether it is registered. */
export function lnCheckDue(ln: string): boolean {
  return ln.trim().length > LN_CHECK_ABOVE;
}

/** What the dialog holds while it is filled in. */
export interface ProductDraft {
  LN: string;
  opis: string;
  sadrzaj: number | null;
  jedinica_mjere: string;
}

/** The fields the save needs: LN, opis, sadrzaj and jedinica_mjere. */
export function missingProductFields(draft: ProductDraft): (keyof ProductDraft)[] {
  const missing: (keyof ProductDraft)[] = [];
  if (draft.LN.trim() === '') missing.push('LN');
  if (draft.opis.trim() === '') missing.push('opis');
  if (draft.sadrzaj === null || !Number.isFinite(draft.sadrzaj)) missing.push('sadrzaj');
  if (draft.jedinica_mjere.trim() === '') missing.push('jedinica_mjere');
  return missing;
}

/** What the dialog may show as its confirm button. */
export type ProductConfirmState =
  /** The LN is registered already or too short: the confirm button is not shown. */
  | 'hidden'
  /** The description is too short: shown, disabled. */
  | 'disabled'
  /** Shown and enabled; a missing required field is reported when pressed ('Unesite obavezna polja.'). */
  | 'enabled';

/**
 * The confirm button of 'Unos produkta': hidden while the LN is registered or
 * invalid (shorter than 3 characters), disabled while the description is
 * shorter than 3 characters, else enabled.
 */
export function productConfirmState(draft: ProductDraft, lnRegistered: boolean): ProductConfirmState {
  if (lnRegistered || draft.LN.trim().length < LN_MIN_LENGTH) return 'hidden';
  if (draft.opis.trim().length < OPIS_MIN_LENGTH) return 'disabled';
  return 'enabled';
}
