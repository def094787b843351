/**
 * Numbers as the user's language writes them: the one place that knows the
 * decimal mark and the thousands separator, so no screen writes
 * `language === 'en' ? '.' : ','` itself.
 *
 * - Bosnian (the session's 'bs' and 'rs') and German: decimal comma, thousands
 *   with a dot ('1.234,5'); English: decimal point, thousands with a comma
 *   ('1,234.5').
 * - Built on Intl.NumberFormat, with the locale of a language whose
 *   separators every browser carries: a browser may lack the Bosnian locale and
 *   would fall back to English separators ("4.2" for 4,2).
 * - Never grouped unless asked: results, limits and control figures read as
 *   they are typed ('1234,5'); counts ask for `grouped`.
 * - Numbers that arrive as exact decimal text (prices '4.50', a stored limit)
 *   keep their digits: `withDecimalMark` only swaps the mark.
 *
 * Dates and times are the same in every language (dd.mm.yyyy, 24-hour, at the
 * site): lib/date-time.ts formats them.
 */
import { resultTextIn, withDecimalMark as markDecimal } from '@lis/domain';

/** A language of the app ('bs', 'en', 'de'); anything else (the session's 'rs') reads as Bosnian. */
type LanguageCode = string;

export interface NumberStyle {
  /** Exactly this many decimals, as toFixed gives them ('5,0'). */
  decimals?: number;
  /** At most this many decimals, trailing zeros dropped ('5,35', '5'). */
  maxDecimals?: number;
  /** Thousands grouped ('4.320' in Bosnian, '4,320' in English); off by default. */
  grouped?: boolean;
}

const NUMBER_LOCALE = { en: 'en-GB', other: 'de-DE' } as const;

function localeOf(language: LanguageCode): string {
  return language === 'en' ? NUMBER_LOCALE.en : NUMBER_LOCALE.other;
}

/** The decimal mark of a language: ',' in Bosnian and German, '.' in English. */
export function decimalMark(language: LanguageCode): '.' | ',' {
  return language === 'en' ? '.' : ',';
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: LanguageCode, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = localeOf(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * A number in the language: `{ decimals: 1 }` -> '4,2'; `{ maxDecimals: 3 }` -> '5,35';
 * `{ grouped: true }` -> '4.320'. Without decimals given, at most three (Intl's default).
 */
export function formatNumber(value: number, language: LanguageCode, style: NumberStyle = {}): string {
  const options: Intl.NumberFormatOptions = { useGrouping: style.grouped === true };
  if (style.decimals !== undefined) {
    options.minimumFractionDigits = style.decimals;
    options.maximumFractionDigits = style.decimals;
    // As toFixed: '-0,0' for a small negative value, but no sign for zero itself.
    if (Object.is(value, -0)) value = 0;
  } else if (style.maxDecimals !== undefined) {
    options.maximumFractionDigits = style.maxDecimals;
    // A value that rounds to zero is '0', never '-0'.
    options.signDisplay = 'negative';
  }
  return numberFormat(language, options).format(value);
}

/** A share (0–1) as a percentage, at most `maxDecimals` decimals: '12,3 %' in Bosnian, '12.3%' in English. */
export function formatPercent(share: number, language: LanguageCode, maxDecimals = 1): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: maxDecimals }).format(share);
}

/** A number given as decimal text ('4.50', '0.2') with the language's mark, digits unchanged; never grouped. */
export function withDecimalMark(text: string, language: LanguageCode): string {
  return markDecimal(text, decimalMark(language));
}

/**
 * A result as stored ('5.20', '<0.5', or '5,2' from before results were stored with a point) in the language:
 * numbers with its mark, a standard answer (Negativan, Pozitivan (++)) in its words, other text ('1:40') exactly
 * as stored. The domain's rule, so the report PDF prints alike.
 */
export function formatResult(text: string, language: LanguageCode): string {
  return resultTextIn(text, language);
}

const EXACT_AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount of money as exact decimal text ('1234.5', as the server sends prices) in the language, never
 * through a float: '1.234,50 KM' in Bosnian and German, '1,234.50 KM' in English. Text that is no amount is
 * shown as it came, with the currency.
 */
export function formatMoney(amount: string, language: LanguageCode, currency = 'KM'): string {
  const match = EXACT_AMOUNT.exec(amount.trim());
  if (!match) return `${amount} ${currency}`;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const group = decimalMark(language) === ',' ? '.' : ',';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${decimalMark(language)}${fraction.padEnd(2, '0')} ${currency}`;
}
