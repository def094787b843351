import { type AnyColumn, type SQL, getTableName, sql } from 'drizzle-orm';

/**
 * A column always written with its table ("users"."id"). Drizzle leaves the table off the columns of a
 * select from one table, so inside a correlated subquery `users.id` would silently bind to a column `id`
 * of the subquery's own tables; subqueries name their columns through this.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
