import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO, SORT_KEY_FOLD_FROM, SORT_KEY_FOLD_TO } from '@lis/domain';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The SQL of bosnianSortKey (@lis/domain) over one column, for a stored
 * generated column: the database writes the key on every insert and update
 * and fills it for existing rows when the column is added, so no writer can
 * forget it. Only immutable built-ins (translate, regexp_replace, replace),
 * never lower(), whose result depends on the database locale. The steps, in
 * the domain function's order: fold case and accents, drop other characters,
 * digits to `1d`, space and hyphen to `00`, the digraphs Dž, Lj, Nj to
 * placeholders, plain letters to `x0`, then the placeholders and Č Ć Đ Š Ž to
 * their codes. The patients tests compare it with the domain function.
 */
export function bosnianSortKeySql(columnName: string): SQL {
  const folded = `translate("${columnName}", ${literal(SORT_KEY_FOLD_FROM)}, ${literal(SORT_KEY_FOLD_TO)})`;
  const kept = `regexp_replace(${folded}, '[^a-z0-9čćđšž -]', '', 'g')`;
  const digits = `regexp_replace(${kept}, '([0-9])', '1\\1', 'g')`;
  const separators = `replace(translate(${digits}, '-', ' '), ' ', '00')`;
  const digraphs = `replace(replace(replace(${separators}, 'dž', 'D'), 'lj', 'L'), 'nj', 'N')`;
  const plain = `regexp_replace(${digraphs}, '([a-z])', '\\10', 'g')`;
  const codes: [string, string][] = [['D', 'd1'], ['L', 'l1'], ['N', 'n1'], ['č', 'c1'], ['ć', 'c2'], ['đ', 'd2'], ['š', 's1'], ['ž', 'z1']];
  const coded = codes.reduce((expression, [from, to]) => `replace(${expression}, '${from}', '${to}')`, plain);
  return sql.raw(coded);
}

/** The SQL of foldForSearch (@lis/domain) over one column, for a stored generated column: one translate(). */
export function searchFoldSql(columnName: string): SQL {
  return sql.raw(`translate("${columnName}", ${literal(SEARCH_FOLD_FROM)}, ${literal(SEARCH_FOLD_TO)})`);
}
